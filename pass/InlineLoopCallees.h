//===- InlineLoopCallees.h - Calls in loops the inliner would inline, early -===//
//
// Runs after outcore-prepare, before the analysis. A function with a loop nest
// that a loop calls with the caller's local object (a solver's `s.step()` in a
// time loop) is inlined there by clang's inliner; inlined after its transform,
// its call of its transformed body (Originals.h) takes the object's address, so
// the object stays in memory in the plain loop too (its fields reloaded, a
// grid's bounds no longer constants: 1.10x the plain build's instructions).
// Such calls are inlined first, where LLVM's own cost analysis, on the callee
// as outcore-prepare leaves it, says the inliner would: the nest then joins its
// caller's loop, and the caller's fit tests stand for both. Other calls are
// left to the inliner, which inlines the callee's plain body. The callers are
// canonicalised again.
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
