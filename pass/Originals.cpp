//===- Originals.cpp - Functions the pass leaves alone compile as plain ---===//

#include "Originals.h"

#include "RuntimeCalls.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumRestored, "Functions given back their body from before outcore-prepare");

namespace outcore {
namespace {

/// The saved copy names its function in this attribute.
constexpr const char *OriginalOfAttr = "outcore-original-of";
/// And keeps the function's own inlining attribute here ("alwaysinline",
/// "noinline"; absent when none), which its own noinline replaces.
constexpr const char *OriginalInliningAttr = "outcore-original-inlining";

/// A block whose address is taken cannot move to another function's body
/// (its blockaddress constants name the function): such functions are not saved.
bool canSave(const Function &F) {
  return !F.isDeclaration() && !F.hasOptNone() &&
         llvm::none_of(F, [](const BasicBlock &BB) { return BB.hasAddressTaken(); });
}

/// Whether the pass transformed F: every transformed nest has a fit test,
/// which loads the runtime's published limit.
bool transformed(const Function &F, const GlobalValue *LimitNow) {
  return LimitNow && llvm::any_of(LimitNow->users(), [&](const User *U) {
           auto *I = dyn_cast<Instruction>(U);
           return I && I->getFunction() == &F;
         });
}

/// The attributes F had when Saved was made: what the pipeline infers before
/// the pass (argument and memory attributes) would change how an untouched
/// function is inlined (a 3x3 convolution kept out of line: 4x the
/// instructions of the plain build).
AttributeList savedAttributes(const Function &Saved) {
  LLVMContext &Ctx = Saved.getContext();
  AttributeList Attrs = Saved.getAttributes()
                            .removeFnAttribute(Ctx, OriginalOfAttr)
                            .removeFnAttribute(Ctx, OriginalInliningAttr)
                            .removeFnAttribute(Ctx, Attribute::NoInline)
                            .removeFnAttribute(Ctx, Attribute::OptimizeNone);
  StringRef Inlining = Saved.getFnAttribute(OriginalInliningAttr).getValueAsString();
  if (!Inlining.empty())
    Attrs = Attrs.addFnAttribute(Ctx, Attribute::getAttrKindFromName(Inlining));
  return Attrs;
}

/// Moves Saved's body and attributes into F in place of F's own (F keeps its
/// name, linkage and debug subprogram) and deletes Saved.
void restoreBody(Function &F, Function &Saved) {
  F.setAttributes(savedAttributes(Saved));
  for (auto [From, To] : zip(Saved.args(), F.args()))
    From.replaceAllUsesWith(&To);
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  F.splice(F.end(), &Saved);
  Saved.eraseFromParent();
}

} // namespace

PreservedAnalyses SaveOriginalsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 16> Functions;
  for (Function &F : M)
    if (canSave(F))
      Functions.push_back(&F);
  for (Function *F : Functions) {
    ValueToValueMapTy VMap;
    // The body comes back under F's own subprogram: cloning it (as cloning
    // within a module does) would leave F's restored code in another's scope.
    if (DISubprogram *SP = F->getSubprogram())
      VMap.MD()[SP].reset(SP);
    Function *Saved = CloneFunction(F, VMap);
    Saved->setName(F->getName() + ".outcore.original");
    Saved->setLinkage(GlobalValue::PrivateLinkage);
    Saved->setSubprogram(nullptr); // one function per subprogram (the verifier)
    Saved->addFnAttr(OriginalOfAttr, F->getName());
    for (Attribute::AttrKind Inlining : {Attribute::AlwaysInline, Attribute::NoInline})
      if (F->hasFnAttribute(Inlining))
        Saved->addFnAttr(OriginalInliningAttr, Attribute::getNameFromAttrKind(Inlining));
    Saved->removeFnAttr(Attribute::AlwaysInline);
    Saved->addFnAttr(Attribute::NoInline);
    Saved->addFnAttr(Attribute::OptimizeNone);
  }
  return Functions.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

PreservedAnalyses RestoreUntouchedPass::run(Module &M, ModuleAnalysisManager &) {
  const GlobalValue *LimitNow = M.getNamedValue(MemoryLimitNowName);
  SmallVector<Function *, 16> Saved;
  for (Function &F : M)
    if (F.hasFnAttribute(OriginalOfAttr))
      Saved.push_back(&F);
  for (Function *S : Saved) {
    Function *F = M.getFunction(S->getFnAttribute(OriginalOfAttr).getValueAsString());
    if (!F || F->isDeclaration() || transformed(*F, LimitNow)) {
      S->eraseFromParent();
      continue;
    }
    restoreBody(*F, *S);
    ++NumRestored;
  }
  return Saved.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace outcore
