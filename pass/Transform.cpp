//===- Transform.cpp - The outcore transform pass --------------------------===//

#include "Transform.h"

#include "Locality.h"
#include "Remarks.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

namespace outcore {

PreservedAnalyses OutcorePass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const LocalityInfo &Info =
      Params ? OutcoreLocalityAnalysis(Params).run(F, FAM)
             : FAM.getResult<OutcoreLocalityAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (const AnalyzedNest &Nest : Info.Nests) {
    emitLocalityRemarks(Nest, ORE);
    emitNotTransformed(Nest.IR.Loops[0],
                       "the transformation is not implemented yet", ORE);
  }
  for (const MissedNest &Missed : Info.Missed)
    emitNotTransformed(Missed.Outermost, Missed.Reason, ORE);
  return PreservedAnalyses::all();
}

} // namespace outcore
