//===- Originals.h - Functions the pass leaves alone compile as plain -----===//
//
// The pass needs canonical IR (outcore-prepare: early-cse, instcombine, loop
// rotation...) before the rest of the pipeline has run, and those early
// rewrites change how a function compiles even where no nest is transformed
// (a row copy no longer became a memcpy: 1.55x the instructions). So each
// function is saved before the canonicalisation, and every function the pass
// did not transform (no fit test reads oc_memory_limit_now) gets its saved body
// and attributes back: it then goes through the pipeline exactly as in the
// plain build. A transformed function whose fit tests can be made at its entry
// gets its saved body too, run when they pass there (see dispatchToSaved).
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_ORIGINALS_H
#define OUTCORE_ORIGINALS_H

#include "llvm/IR/PassManager.h"

namespace outcore {

/// Saves a copy of each defined function, to be skipped by every pass (optnone).
struct SaveOriginalsPass : llvm::PassInfoMixin<SaveOriginalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Gives every function the pass left untransformed its saved body, puts it
/// behind an entry test in the transformed functions that allow one, and
/// deletes the other saved copies.
struct RestoreUntouchedPass : llvm::PassInfoMixin<RestoreUntouchedPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace outcore

#endif
