//===- AddRecChain.h - An address's add recurrences, loop by loop ---------===//
//
// An address in a nest is a chain of add recurrences, one per loop it moves
// along, the innermost loop's outermost in the expression:
//   {{{Base,+,s_i}<i>,+,s_j}<j>,+,s_k}<k>
// The ScalarEvolution nest builder (a subscript's coefficients), Footprint
// (bounds and widths over a nest), Schedule (the address along one loop) and
// the rewriter (a constant step along one loop) read it link by link through
// this one walker. Builds no SCEV; never changes the IR.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_ADDRECCHAIN_H
#define OUTCORE_ADDRECCHAIN_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Loop;
class SCEV;
class SCEVAddRecExpr;
} // namespace llvm

namespace outcore {

/// Visits the add recurrences of S's chain from S itself (the innermost
/// loop's) outward, while their loops lie in Within (every loop when null)
/// and Visit returns true (go on to the recurrence's start). Returns where
/// the walk stopped: the recurrence Visit returned false on or whose loop is
/// not in Within, else the chain's base (the first start that is no
/// recurrence).
const llvm::SCEV *walkAddRecChain(const llvm::SCEV *S, const llvm::Loop *Within,
                                  llvm::function_ref<bool(const llvm::SCEVAddRecExpr *)> Visit);

} // namespace outcore

#endif
