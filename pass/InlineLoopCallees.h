//===- InlineLoopCallees.h - Calls in loops the inliner would inline, early -===//
//
// Runs after outcore-prepare, before the analysis. A function with a loop nest
// that a loop calls (a solver's `step()` in a time loop, a method of the grid
// it updates) is inlined there by clang's inliner when small enough; once the
// pass has transformed it, its fit tests and the call of its hinted body make it
// too costly, and it stays out of line: its caller loses what inlining gave the
// plain build (a grid's bounds known, a copy loop made a `memcpy`: a C++ solver
// 1.22x the plain build's instructions). Such calls are inlined first, where
// LLVM's own cost analysis, on the callee as outcore-prepare leaves it, says
// the inliner would: the nest then joins its caller's loop, and the caller's
// fit tests stand for both. The callers are canonicalised again.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_INLINELOOPCALLEES_H
#define OUTCORE_INLINELOOPCALLEES_H

#include "llvm/Analysis/InlineCost.h"
#include "llvm/IR/PassManager.h"

namespace outcore {

class InlineLoopCalleesPass : public llvm::PassInfoMixin<InlineLoopCalleesPass> {
public:
  /// Params: the inliner's for the pipeline's optimisation level.
  InlineLoopCalleesPass(llvm::InlineParams Params, llvm::FunctionPassManager Canonicalize)
      : Params(Params), Canonicalize(std::move(Canonicalize)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  llvm::InlineParams Params;
  llvm::FunctionPassManager Canonicalize;
};

} // namespace outcore

#endif
