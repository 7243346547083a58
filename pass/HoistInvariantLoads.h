//===- HoistInvariantLoads.h - Scalars and pointers read once per loop -----===//
//
// Part of outcore-prepare. Moves to the preheader the loads of a variable
// (not an array element) that no instruction of the loop may write: the
// pointer to a shared array and the bounds of an OpenMP worksharing loop in
// an outlined parallel body, a global `double *a`, a scalar captured by
// reference. Left in the loop, such a load makes every reference through the
// pointer look indirect and the trip count unknown. Array elements stay where
// the source has them, so access relations still match the source (general
// LICM would move them, PLATFORM.md).
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_HOISTINVARIANTLOADS_H
#define OUTCORE_HOISTINVARIANTLOADS_H

#include "llvm/IR/PassManager.h"

namespace outcore {

struct HoistInvariantLoadsPass : llvm::PassInfoMixin<HoistInvariantLoadsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace outcore

#endif
