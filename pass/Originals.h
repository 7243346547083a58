//===- Originals.h - Functions the pass leaves alone compile as plain -----===//
//
// The pass needs canonical IR (outcore-prepare: early-cse, instcombine, loop
// rotation...) before the rest of the pipeline has run, and those early
// rewrites change how a function compiles even where no nest is transformed
// (a row copy no longer became a memcpy: 1.55x the instructions). So each
// function is saved before the canonicalisation, and every function the pass
// did not transform (no fit test reads oc_memory_limit_now) gets its saved body
// and attributes back: it then goes through the pipeline exactly as in the
// plain build.
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

/// Gives every function the pass left untransformed its saved body, and
/// deletes the saved copies.
struct RestoreUntouchedPass : llvm::PassInfoMixin<RestoreUntouchedPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace outcore

#endif
