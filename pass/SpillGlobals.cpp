//===- SpillGlobals.cpp - Big zero-initialised globals into runtime memory ===//

#include "SpillGlobals.h"
#include "Options.h"
#include "Remarks.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace outcore {
namespace {

/// Before the program's constructors (priority 101 and up).
constexpr int CtorPriority = 100;

/// Does a global initialiser (directly or through constant expressions) name V?
bool namedByGlobal(const Value *V) {
  for (const User *U : V->users()) {
    if (isa<GlobalValue>(U))
      return true;
    if (isa<Constant>(U) && namedByGlobal(U))
      return true;
  }
  return false;
}

/// The first function using V (through constant expressions), for a remark.
const Function *someUser(const Value *V) {
  for (const User *U : V->users()) {
    if (auto *I = dyn_cast<Instruction>(U))
      return I->getFunction();
    if (isa<Constant>(U))
      if (const Function *F = someUser(U))
        return F;
  }
  return nullptr;
}

void missed(const GlobalVariable &G, StringRef Reason) {
  const Function *F = someUser(&G);
  if (!F)
    return;
  OptimizationRemarkEmitter ORE(F);
  emitNotSpilled(*F, G.getName(), Reason, ORE);
}

/// Why G stays as it is, or "" when it is rewritten.
StringRef refusal(const GlobalVariable &G, bool HasMain) {
  if (G.isThreadLocal())
    return "thread_local";
  if (namedByGlobal(&G))
    return "its address is in another global's initialiser";
  if (!G.hasLocalLinkage() && !HasMain)
    return "an external definition in a file without main (another file may name it)";
  return "";
}

bool candidate(const GlobalVariable &G, const DataLayout &DL) {
  const uint64_t SpillGlobalsMin = uint64_t(spillGlobalsMinFromCommandLine());
  return !G.isDeclaration() && !G.isConstant() && G.hasInitializer() &&
         G.getInitializer()->isNullValue() && !G.hasSection() &&
         (G.hasLocalLinkage() || G.hasExternalLinkage() || G.hasCommonLinkage()) &&
         SpillGlobalsMin > 0 &&
         DL.getTypeAllocSize(G.getValueType()).getFixedValue() >= SpillGlobalsMin;
}

/// Every instruction use of G loads the address from Slot, once per function,
/// at its entry (the constructor stored it before any of them runs).
void redirectUses(GlobalVariable &G, GlobalVariable &Slot) {
  convertUsersOfConstantsToInstructions({&G});
  DenseMap<Function *, Value *> Loaded;
  for (Use &U : make_early_inc_range(G.uses())) {
    auto *I = cast<Instruction>(U.getUser());
    Function *F = I->getFunction();
    Value *&Addr = Loaded[F];
    if (!Addr) {
      IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
      Addr = B.CreateLoad(Slot.getValueType(), &Slot, G.getName() + ".addr");
    }
    U.set(Addr);
  }
}

} // namespace

PreservedAnalyses SpillGlobalsPass::run(Module &M, ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  bool HasMain = M.getFunction("main") && !M.getFunction("main")->isDeclaration();
  SmallVector<GlobalVariable *, 4> Moved;
  for (GlobalVariable &G : M.globals()) {
    if (!candidate(G, DL))
      continue;
    StringRef Why = refusal(G, HasMain);
    if (!Why.empty()) {
      missed(G, Why);
      continue;
    }
    bool AllInstructions = true;
    for (const User *U : G.users())
      AllInstructions &= isa<Instruction>(U) || isa<ConstantExpr>(U);
    if (!AllInstructions) {
      missed(G, "used by a constant that is not an expression");
      continue;
    }
    Moved.push_back(&G);
  }
  if (Moved.empty())
    return PreservedAnalyses::all();

  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *SizeT = DL.getIntPtrType(Ctx);
  FunctionCallee Alloc = M.getOrInsertFunction(
      "oc_spill_alloc_global", FunctionType::get(Ptr, {SizeT}, false));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage,
                                    "outcore.spill.globals", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  for (GlobalVariable *G : Moved) {
    auto *Slot = new GlobalVariable(M, Ptr, false, GlobalValue::InternalLinkage,
                                    ConstantPointerNull::get(cast<PointerType>(Ptr)),
                                    G->getName() + ".spilled");
    uint64_t Bytes = DL.getTypeAllocSize(G->getValueType()).getFixedValue();
    B.CreateStore(B.CreateCall(Alloc, {ConstantInt::get(SizeT, Bytes)}), Slot);
    redirectUses(*G, *Slot);
    // Nothing names it any more; another file naming an external one fails to
    // link instead of silently using other memory.
    G->eraseFromParent();
  }
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, CtorPriority);
  return PreservedAnalyses::none();
}

} // namespace outcore
