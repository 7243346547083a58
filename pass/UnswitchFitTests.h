//===- UnswitchFitTests.h - Fit tests inlined into a caller's loop --------===//
//
// A transformed function runs its plain body when its fit test passes at its
// entry (Originals.cpp). Inlined into a loop of its caller that does not
// change what the test reads (a tridiagonal solve per right-hand side), the
// test becomes a branch on a loop-invariant condition inside that loop, with
// the call of the transformed body on its other side: loads the plain build
// hoists out of the loop stay in it (they no longer run on every iteration),
// and the vectoriser then pairs values the plain build keeps apart (1.2x the
// plain build's time at -O2). LLVM splits such loops only at -O3 (non-trivial
// unswitching), and then on every invariant branch, which costs programs the
// plain build does not split (a max/min reduction 1.38x).
//
// This pass splits a loop on the marked fit tests (markFitTest) only:
//
//   pre:            br fits, loop.oc.split, loop   ; the test, once
//   loop.oc.split:  <the loop, the test taken: the plain body inline>
//   loop:           <the loop, the test not taken: the transformed body's calls>
//
// in the outermost loop around the test in which the condition is
// invariant, if that loop is small enough to copy and leaves no value to its
// exit (the copies would merge it there, and the vectoriser takes merged
// pairs as seeds: 1.30x the plain build's instructions). It runs on the caller
// after inlining (the peephole slot of the function simplification pipeline,
// before its last LICM), so that LICM and the vectoriser see in the copy that
// runs in core what they see in the plain build.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_UNSWITCHFITTESTS_H
#define OUTCORE_UNSWITCHFITTESTS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class BranchInst;
class Instruction;
} // namespace llvm

namespace outcore {

/// Marks Test, a branch to the original code when the data fits, as a fit
/// test: the mark survives inlining, and UnswitchFitTestsPass looks for it.
void markFitTest(llvm::BranchInst &Test);

/// Whether I is a branch markFitTest marked, on a condition not yet folded.
bool isFitTest(const llvm::Instruction &I);

struct UnswitchFitTestsPass : llvm::PassInfoMixin<UnswitchFitTestsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace outcore

#endif
