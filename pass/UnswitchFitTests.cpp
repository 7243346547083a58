//===- UnswitchFitTests.cpp - Fit tests inlined into a caller's loop ------===//

#include "UnswitchFitTests.h"
#include "Versioning.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumUnswitched, "Loops split on a fit test inlined into them");

namespace outcore {

static constexpr const char *FitTestMD = "outcore.fit";
/// Instructions of a loop worth copying to take a fit test out of it: a loop
/// that calls a small solver, not a whole program's main loop.
static constexpr unsigned MaxCopiedInstructions = 2000;
/// Splits per function: each one copies a loop.
static constexpr unsigned MaxSplitsPerFunction = 4;

void markFitTest(BranchInst &Test) {
  assert(Test.isConditional() && "a fit test chooses");
  Test.setMetadata(FitTestMD, MDNode::get(Test.getContext(), {}));
}

bool isFitTest(const Instruction &I) {
  auto *Br = dyn_cast<BranchInst>(&I);
  return Br && Br->isConditional() && Br->getMetadata(FitTestMD) &&
         !isa<Constant>(Br->getCondition());
}

namespace {

unsigned instructionCount(const Loop &L) {
  unsigned N = 0;
  for (const BasicBlock *BB : L.blocks())
    N += BB->size();
  return N;
}

/// Whether a value L computes is used after it. The two copies would merge
/// such values where they leave, and the vectoriser takes merged pairs as
/// seeds: a max and a min accumulated over calls of an inlined kernel came
/// back as vector selects in the copy that runs in core (1.30x the plain
/// build's instructions, the fifteenth round's pairing).
bool hasValuesLiveOut(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      for (const User *U : I.users())
        if (!L.contains(cast<Instruction>(U)->getParent()))
          return true;
  return false;
}

/// The outermost loop around Test in which its condition is invariant, that
/// is small enough to copy and leaves no value to its exits; null when there
/// is none.
Loop *loopToSplit(const BranchInst &Test, const LoopInfo &LI) {
  Loop *Split = nullptr;
  for (Loop *L = LI.getLoopFor(Test.getParent()); L; L = L->getParentLoop()) {
    if (!L->isLoopInvariant(Test.getCondition()) ||
        instructionCount(*L) > MaxCopiedInstructions)
      break;
    if (!hasValuesLiveOut(*L))
      Split = L;
  }
  return Split;
}

/// Sets every fit test on Cond among Blocks to Taken: after the split, the
/// copy knows the outcome of every test on the condition it was split on.
void decide(ArrayRef<BasicBlock *> Blocks, Value *Cond, bool Taken) {
  for (BasicBlock *BB : Blocks)
    if (isFitTest(*BB->getTerminator()))
      if (auto *Br = cast<BranchInst>(BB->getTerminator()); Br->getCondition() == Cond)
        Br->setCondition(ConstantInt::getBool(Br->getContext(), Taken));
}

/// Splits L on Test's condition: a copy of L runs when it holds (a test
/// InstCombine inverted holds when the data do not fit). False, with
/// nothing changed but L's canonical form, when L's shape does not allow it.
bool splitOn(Loop &L, BranchInst &Test, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE,
             AssumptionCache &AC) {
  simplifyLoop(&L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
  formLCSSARecursively(L, DT, &LI, &SE);
  Value *Cond = Test.getCondition();
  ValueToValueMapTy VMap;
  Loop *Copy = cloneLoopUnder(
      &L, [&](IRBuilder<> &) { return Cond; }, ".oc.split", VMap, LI, DT, SE);
  if (!Copy)
    return false;
  decide(Copy->getBlocks(), Cond, true);
  decide(L.getBlocks(), Cond, false);
  return true;
}

} // namespace

PreservedAnalyses UnswitchFitTestsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  bool Changed = false;
  for (unsigned Split = 0; Split < MaxSplitsPerFunction; ++Split) {
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    BranchInst *Test = nullptr;
    Loop *L = nullptr;
    for (BasicBlock &BB : F)
      if (isFitTest(*BB.getTerminator()) &&
          (L = loopToSplit(*cast<BranchInst>(BB.getTerminator()), LI))) {
        Test = cast<BranchInst>(BB.getTerminator());
        break;
      }
    if (!Test)
      break;
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
    bool Done = splitOn(*L, *Test, LI, DT, FAM.getResult<ScalarEvolutionAnalysis>(F),
                        FAM.getResult<AssumptionAnalysis>(F));
    LLVM_DEBUG(dbgs() << "outcore: " << (Done ? "split " : "could not split ") << "loop "
                      << L->getHeader()->getName() << " on a fit test\n");
    if (Done) {
      // The decided branches go, and the code only one side reached: LICM then
      // sees the copy that runs in core as the plain build's loop.
      for (BasicBlock &BB : F)
        ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
      removeUnreachableBlocks(F);
      ++NumUnswitched;
    } else {
      Test->setMetadata(FitTestMD, nullptr); // not tried again
    }
    // Either way the loop was put in canonical form.
    FAM.invalidate(F, PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace outcore
