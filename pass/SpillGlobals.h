//===- SpillGlobals.h - Big zero-initialised globals into runtime memory --===//
//
// A module transform: a zero-initialised global array of at least
// -outcore-spill-globals-min bytes moves onto pages of its own (after a header
// page, padded to whole pages), and a module constructor that runs before the
// program's own (priority 100) hands them to oc_spill_map_global, which maps a
// spilled file over them in place when the runtime decides so (OUTCORE_SPILL).
// Every use keeps the same address, so the code is the plain build's; an external
// array stays a symbol, an alias of the moved bytes, for the files that name it.
// Left alone, with a missed remark "NotSpilled": thread_local globals and common
// symbols (another file's tentative definition merges with them).
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_SPILLGLOBALS_H
#define OUTCORE_SPILLGLOBALS_H

#include "llvm/IR/PassManager.h"

namespace outcore {

struct SpillGlobalsPass : llvm::PassInfoMixin<SpillGlobalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return false; }
};

} // namespace outcore

#endif
