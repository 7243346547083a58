//===- InlineAccessors.cpp - Calls to small one-block functions, inlined ---===//

#include "InlineAccessors.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumAccessorCallsInlined, "Calls to one-block accessors inlined before the analysis");

namespace outcore {
namespace {

/// Instructions an accessor may have at most once its stack slots are
/// promoted: `operator[]` of a vector is 3, an iterator's `operator!=` 3.
constexpr unsigned MaxAccessorInstructions = 16;

/// How deep accessors may call accessors: a vector's `begin()` calls the
/// iterator's constructor; `operator!=` calls `base()` twice.
constexpr unsigned MaxAccessorNesting = 4;

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

bool isAccessor(const Function *F) {
  if (!F || F->isDeclaration() || F->isVarArg() || F->isInterposable() || F->size() != 1 ||
      F->hasFnAttribute(Attribute::NoInline) || F->hasFnAttribute(Attribute::OptimizeNone))
    return false;
  unsigned Cost = 0;
  for (const Instruction &I : instructions(*F)) {
    if (isa<CallBase>(I) && !isa<DbgInfoIntrinsic>(I) && !I.isLifetimeStartOrEnd() &&
        !isArithmeticIntrinsic(I))
      return false;
    Cost += !vanishesOnPromotion(I);
  }
  return Cost <= MaxAccessorInstructions;
}

/// Inlines every call of an accessor in \p M; returns how many.
unsigned inlineAccessorCalls(Module &M) {
  SmallVector<CallBase *, 32> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Call->getCalledFunction() != &F && isAccessor(Call->getCalledFunction()))
          Calls.push_back(Call);
  unsigned Inlined = 0;
  for (CallBase *Call : Calls) {
    InlineFunctionInfo IFI;
    Inlined += InlineFunction(*Call, IFI).isSuccess();
  }
  return Inlined;
}

} // namespace

PreservedAnalyses InlineAccessorsPass::run(Module &M, ModuleAnalysisManager &) {
  // A function whose calls were all accessors is one itself once they are
  // inlined: callees first, one level per round.
  unsigned Inlined = 0;
  for (unsigned Level = 0; Level < MaxAccessorNesting; ++Level) {
    unsigned Round = inlineAccessorCalls(M);
    if (!Round)
      break;
    Inlined += Round;
  }
  NumAccessorCallsInlined += Inlined;
  return Inlined ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace outcore
