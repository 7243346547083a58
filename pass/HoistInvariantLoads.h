//===- HoistInvariantLoads.h - Scalars and pointers read once per loop -----===//
//
// Part of outcore-prepare. Moves to the preheader the loads of a variable
// that no instruction of the loop may write: the pointer to a shared array
// and the bounds of an OpenMP worksharing loop in an outlined parallel body, a
// global `double *a`, a scalar captured by reference; and of a pointer, wherever
// it is held, that no instruction of the loop may write: a row pointer a[i] of
// `double **a` that the loop over j reads for a[i][j], a struct's field g->u. Left in the loop, such a load makes
// every reference through the pointer look indirect and the trip count
// unknown. Other array elements stay where the source has them, so access
// relations still match the source (general LICM would move them,
// PLATFORM.md). A load moves where the loop loads it on its first iteration
// anyway, or where any load of it is safe.
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
