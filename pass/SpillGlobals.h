//===- SpillGlobals.h - Big zero-initialised globals into runtime memory --===//
//
// A module transform: a zero-initialised global array of at least
// -outcore-spill-globals-min bytes becomes memory from oc_spill_alloc_global,
// made by a module constructor that runs before the program's own (priority
// 100); every use loads the array's address from a pointer global once per
// function. The runtime decides (OUTCORE_SPILL) whether the memory is a spilled
// file or plain calloc'd memory, so the program behaves identically either way.
// Left alone, with a missed remark "NotSpilled": thread_local globals, globals
// named in another global's initialiser, and external definitions in a module
// without main (another file could name them).
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
