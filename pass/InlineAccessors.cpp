//===- InlineAccessors.cpp - Calls to small one-block functions, inlined ---===//

#include "InlineAccessors.h"

#include "NestBuilders.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <optional>

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumAccessorCallsInlined, "Calls to accessors and leaf helpers inlined before the analysis");

namespace outcore {
namespace {

/// Instructions an accessor may have at most once its stack slots are
/// promoted: `operator[]` of a vector is 3, an iterator's `operator!=` 3.
constexpr unsigned MaxAccessorInstructions = 16;

/// Instructions a leaf helper (no call; a random-number generator such as NPB's
/// randlc, a clamp with branches, a dot product's loop, `std::accumulate`) may
/// have once its stack slots are promoted; inlined where a loop calls it, as
/// clang's inliner would later. A helper's loop inside the caller's loop is one
/// nest: the row a dot product reads and the vector every row reuses are told
/// apart, where the helper alone would release the vector after each call.
constexpr unsigned MaxLeafHelperInstructions = 48;

/// How deep accessors may call accessors: a vector's `begin()` calls the
/// iterator's constructor; `operator!=` calls `base()` twice; a `unique_ptr<T[]>`'s
/// `operator[]` reaches its pointer through `get()`, `_M_ptr()`, `std::get`,
/// `__get_helper` and two `_M_head`s. Rounds stop once one inlines nothing.
constexpr unsigned MaxAccessorNesting = 8;

/// Whether \p I disappears when mem2reg promotes the function's stack slots
/// (unoptimised code keeps every argument and local in one), or is no code.
bool vanishesOnPromotion(const Instruction &I) {
  if (isa<AllocaInst>(I) || isa<DbgInfoIntrinsic>(I) || I.isLifetimeStartOrEnd())
    return true;
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isSimple() && isa<AllocaInst>(Load->getPointerOperand());
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return Store->isSimple() && isa<AllocaInst>(Store->getPointerOperand());
  return false;
}

/// An intrinsic that computes and touches no memory (fmuladd, fabs, smax, ...):
/// a lambda's `a * x + y` is one.
bool isArithmeticIntrinsic(const Instruction &I) {
  const auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
  return Intrinsic && !Intrinsic->mayReadOrWriteMemory() && !Intrinsic->mayHaveSideEffects();
}

/// Instructions F keeps once its stack slots are promoted, or nullopt when it
/// may not be inlined early: a declaration, replaceable at link time, noinline,
/// variadic, or calling anything but arithmetic intrinsics and math functions
/// that only set errno (a sigmoid's expf, which the analysis accepts in a loop).
std::optional<unsigned> leafSize(Function *F, FunctionAnalysisManager &FAM) {
  if (!F || F->isDeclaration() || F->isVarArg() || F->isInterposable() ||
      F->hasFnAttribute(Attribute::NoInline) || F->hasFnAttribute(Attribute::OptimizeNone))
    return std::nullopt;
  const TargetLibraryInfo *TLI = nullptr;
  unsigned Size = 0;
  for (const Instruction &I : instructions(*F)) {
    if (const auto *Call = dyn_cast<CallBase>(&I);
        Call && !isa<DbgInfoIntrinsic>(I) && !I.isLifetimeStartOrEnd() &&
        !isArithmeticIntrinsic(I)) {
      TLI = TLI ? TLI : &FAM.getResult<TargetLibraryAnalysis>(*F);
      if (!onlySetsErrno(*Call, *TLI))
        return std::nullopt;
    }
    Size += !vanishesOnPromotion(I);
  }
  return Size;
}

/// What a callee is to this pass: inlined wherever it is called (an accessor:
/// one block of a few instructions), inlined where a loop calls it (a leaf
/// helper: a few dozen instructions), or left alone.
enum class CalleeKind { Accessor, LeafHelper, Other };

/// Whether F's blocks run one after the other, each branching only to the next
/// (unoptimised code keeps the empty blocks of a disabled assertion, as in
/// libstdc++'s `unique_ptr<T[]>::operator[]`): one block once simplified.
bool isStraightLine(const Function &F) {
  for (const BasicBlock &BB : F) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (isa<ReturnInst>(BB.getTerminator()))
      continue;
    if (!Br || Br->isConditional() || !Br->getSuccessor(0)->getSinglePredecessor() ||
        Br->getSuccessor(0) == &F.getEntryBlock())
      return false;
  }
  return true;
}

CalleeKind calleeKind(Function *F, FunctionAnalysisManager &FAM) {
  std::optional<unsigned> Size = leafSize(F, FAM);
  if (!Size)
    return CalleeKind::Other;
  if (isStraightLine(*F) && *Size <= MaxAccessorInstructions)
    return CalleeKind::Accessor;
  return *Size <= MaxLeafHelperInstructions ? CalleeKind::LeafHelper : CalleeKind::Other;
}

/// Inlines every call of an accessor, and every call of a leaf helper inside a
/// loop, in \p M; returns how many. Each callee is judged once per round.
unsigned inlineAccessorCalls(Module &M, FunctionAnalysisManager &FAM) {
  DenseMap<Function *, CalleeKind> Kinds;
  SmallVector<CallBase *, 32> Calls;
  for (Function &F : M) {
    if (!mayInlineEarlyInto(F))
      continue;
    LoopInfo *LI = nullptr;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || Callee == &F)
        continue;
      auto [It, New] = Kinds.try_emplace(Callee, CalleeKind::Other);
      if (New)
        It->second = calleeKind(Callee, FAM);
      if (It->second == CalleeKind::Accessor) {
        Calls.push_back(Call);
      } else if (It->second == CalleeKind::LeafHelper) {
        LI = LI ? LI : &FAM.getResult<LoopAnalysis>(F);
        if (LI->getLoopFor(I.getParent()))
          Calls.push_back(Call);
      }
    }
  }
  unsigned Inlined = 0;
  for (CallBase *Call : Calls) {
    Function *Caller = Call->getFunction();
    InlineFunctionInfo IFI;
    if (InlineFunction(*Call, IFI).isSuccess()) {
      ++Inlined;
      FAM.invalidate(*Caller, PreservedAnalyses::none());
    }
  }
  return Inlined;
}

} // namespace

bool mayInlineEarlyInto(const Function &F) { return !F.isDeclaration() && !F.hasOptNone(); }

PreservedAnalyses InlineAccessorsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // A function whose calls were all accessors is one itself once they are
  // inlined: callees first, one level per round.
  unsigned Inlined = 0;
  for (unsigned Level = 0; Level < MaxAccessorNesting; ++Level) {
    unsigned Round = inlineAccessorCalls(M, FAM);
    if (!Round)
      break;
    Inlined += Round;
  }
  NumAccessorCallsInlined += Inlined;
  return Inlined ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace outcore
