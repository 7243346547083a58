//===- AddRecChain.cpp - An address's add recurrences, loop by loop -------===//

#include "AddRecChain.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

namespace outcore {

const SCEV *walkAddRecChain(const SCEV *S, const Loop *Within,
                            function_ref<bool(const SCEVAddRecExpr *)> Visit) {
  while (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    if ((Within && !Within->contains(AR->getLoop())) || !Visit(AR))
      return AR;
    S = AR->getStart();
  }
  return S;
}

} // namespace outcore
