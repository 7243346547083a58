//===- InlineLoopCallees.cpp - Calls in loops the inliner would inline ----===//

#include "InlineLoopCallees.h"

#include "InlineAccessors.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumLoopCallsInlined, "Calls in loops of functions with loops, inlined before the analysis");

namespace outcore {
namespace {

/// Whether Callee is one the pass may transform (a loop of its own) and may be
/// inlined early: defined here for good, not a recursion.
bool isNestCallee(Function *Callee, const Function &Caller, FunctionAnalysisManager &FAM) {
  if (!Callee || Callee == &Caller || Callee->isDeclaration() || Callee->isInterposable() ||
      Callee->hasFnAttribute(Attribute::NoInline) ||
      Callee->hasFnAttribute(Attribute::OptimizeNone) || Callee->isPresplitCoroutine())
    return false;
  return !FAM.getResult<LoopAnalysis>(*Callee).empty();
}

/// The `restrict` scopes that inlining declared in F since Before was taken:
/// their declarations go, and so do the alias facts that name them. Polly
/// cannot model a loop that calls `llvm.experimental.noalias.scope.decl`
/// (a time loop calling a smoother with `restrict` parameters stayed two
/// nests of one loop), and without its declaration a scope would claim that
/// the accesses of different iterations do not alias. The plain build's
/// body, which runs in core, keeps them (Originals.h).
void forgetNewNoAliasScopes(Function &F, const SmallPtrSetImpl<Instruction *> &Before) {
  SmallPtrSet<const Metadata *, 8> Scopes;
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (auto *Decl = dyn_cast<NoAliasScopeDeclInst>(&I); Decl && !Before.contains(Decl)) {
      for (const MDOperand &Scope : Decl->getScopeList()->operands())
        Scopes.insert(Scope.get());
      Decl->eraseFromParent();
    }
  if (Scopes.empty())
    return;
  auto NamesScope = [&](const MDNode *List) {
    return List && llvm::any_of(List->operands(),
                                [&](const MDOperand &Op) { return Scopes.contains(Op.get()); });
  };
  for (Instruction &I : instructions(F))
    if (NamesScope(I.getMetadata(LLVMContext::MD_alias_scope)) ||
        NamesScope(I.getMetadata(LLVMContext::MD_noalias))) {
      I.setMetadata(LLVMContext::MD_alias_scope, nullptr);
      I.setMetadata(LLVMContext::MD_noalias, nullptr);
    }
}

/// Whether Call passes the address of one of its caller's local objects (a
/// solver's `this`), not as the slot of a returned struct: inlined later, the
/// callee's call of its transformed body (Originals.h) would take that address,
/// and the object would stay in memory, its fields reloaded in the plain loop
/// (a grid's bounds no longer constants: 1.08x the plain build's
/// instructions). Other calls are left to the inliner, which inlines the
/// callee's plain body: inlined early, a kernel returning a struct ran its
/// caller's transformed copy of it in core (1.16x).
bool passesLocalObject(const CallBase &Call) {
  for (unsigned I = 0; I < Call.arg_size(); ++I)
    if (Call.getArgOperand(I)->getType()->isPointerTy() && !Call.paramHasAttr(I, Attribute::StructRet) &&
        isa<AllocaInst>(getUnderlyingObject(Call.getArgOperand(I))))
      return true;
  return false;
}

} // namespace

PreservedAnalyses InlineLoopCalleesPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  auto GetAC = [&](Function &F) -> AssumptionCache & {
    return FAM.getResult<AssumptionAnalysis>(F);
  };
  auto GetTLI = [&](Function &F) -> const TargetLibraryInfo & {
    return FAM.getResult<TargetLibraryAnalysis>(F);
  };
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M) {
    if (!mayInlineEarlyInto(F))
      continue;
    LoopInfo *LI = nullptr;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || !isNestCallee(Call->getCalledFunction(), F, FAM) || !passesLocalObject(*Call))
        continue;
      LI = LI ? LI : &FAM.getResult<LoopAnalysis>(F);
      if (LI->getLoopFor(Call->getParent()))
        Calls.push_back(Call);
    }
  }
  // Decided before any inlining: each cost is of the callee as prepared, as
  // the inliner, callees first, would see it.
  SmallVector<CallBase *, 16> Inline;
  for (CallBase *Call : Calls) {
    Function &Callee = *Call->getCalledFunction();
    InlineCost Cost = getInlineCost(*Call, Params, FAM.getResult<TargetIRAnalysis>(Callee),
                                    GetAC, GetTLI);
    LLVM_DEBUG(dbgs() << "outcore: call of " << Callee.getName() << " in "
                      << Call->getFunction()->getName() << ": " << Cost << "\n");
    if (Cost)
      Inline.push_back(Call);
  }
  SetVector<Function *> Changed;
  DenseMap<Function *, SmallPtrSet<Instruction *, 4>> DeclsBefore;
  for (CallBase *Call : Inline) {
    Function *Caller = Call->getFunction();
    if (Changed.insert(Caller))
      for (Instruction &I : instructions(*Caller))
        if (isa<NoAliasScopeDeclInst>(I))
          DeclsBefore[Caller].insert(&I);
    InlineFunctionInfo IFI;
    if (InlineFunction(*Call, IFI).isSuccess())
      ++NumLoopCallsInlined;
    FAM.invalidate(*Caller, PreservedAnalyses::none());
  }
  for (Function *Caller : Changed) {
    forgetNewNoAliasScopes(*Caller, DeclsBefore[Caller]);
    FAM.invalidate(*Caller, Canonicalize.run(*Caller, FAM));
  }
  return Changed.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace outcore
