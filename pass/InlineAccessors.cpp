//===- InlineAccessors.cpp - Calls to one-block accessors, inlined ---------===//

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

/// Instructions an accessor may have at most: `operator[]` of a vector is 10
/// before any optimisation (its arguments' stack slots included).
constexpr unsigned MaxAccessorInstructions = 16;

bool isAccessor(const Function *F) {
  if (!F || F->isDeclaration() || F->isVarArg() || F->isInterposable() || F->size() != 1 ||
      F->hasFnAttribute(Attribute::NoInline) || F->hasFnAttribute(Attribute::OptimizeNone) ||
      F->getInstructionCount() > MaxAccessorInstructions)
    return false;
  return llvm::none_of(instructions(*F), [](const Instruction &I) {
    return isa<CallBase>(I) && !isa<DbgInfoIntrinsic>(I);
  });
}

} // namespace

PreservedAnalyses InlineAccessorsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallBase *, 32> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Call->getCalledFunction() != &F && isAccessor(Call->getCalledFunction()))
          Calls.push_back(Call);
  for (CallBase *Call : Calls) {
    InlineFunctionInfo IFI;
    NumAccessorCallsInlined += InlineFunction(*Call, IFI).isSuccess();
  }
  return Calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace outcore
