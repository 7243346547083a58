//===- SpillGlobals.cpp - Big zero-initialised globals into runtime memory ===//

#include "SpillGlobals.h"
#include "Options.h"
#include "Remarks.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace outcore {
namespace {

/// Before the program's constructors (priority 101 and up).
constexpr int CtorPriority = 100;
/// Linux pages on x86-64: the runtime maps files over whole pages only, and leaves
/// an array whose address is not on one of its pages as it is.
constexpr uint64_t OSPageBytes = 4096;

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
StringRef refusal(const GlobalVariable &G) {
  if (G.isThreadLocal())
    return "thread_local";
  if (G.hasCommonLinkage())
    return "a common symbol (-fcommon: other files' definitions merge with it)";
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

/// G's bytes moved into a page-aligned global of its own, after a page for the
/// runtime's header and padded to whole pages, so that a file can be mapped over
/// them without touching anything else. Returns their address; an external G
/// becomes an alias of it, so that other files keep naming the same bytes.
Constant *moveOntoPages(GlobalVariable &G, const DataLayout &DL) {
  Module &M = *G.getParent();
  LLVMContext &Ctx = M.getContext();
  uint64_t Bytes = DL.getTypeAllocSize(G.getValueType()).getFixedValue();
  uint64_t Header = std::max<uint64_t>(OSPageBytes, G.getAlign().valueOrOne().value());
  Type *I8 = Type::getInt8Ty(Ctx);
  auto *Layout = StructType::get(Ctx, {ArrayType::get(I8, Header), G.getValueType(),
                                       ArrayType::get(I8, alignTo(Bytes, OSPageBytes) - Bytes)});
  assert(DL.getStructLayout(Layout)->getElementOffset(1) == Header && "the header is padded");
  auto *Pages = new GlobalVariable(M, Layout, false, GlobalValue::InternalLinkage,
                                   Constant::getNullValue(Layout), G.getName() + ".pages", &G);
  Pages->setAlignment(Align(Header));
  Constant *Data = ConstantExpr::getInBoundsGetElementPtr(
      I8, Pages, ConstantInt::get(Type::getInt64Ty(Ctx), Header));
  SmallVector<DIGlobalVariableExpression *, 1> Debug;
  G.getDebugInfo(Debug);
  for (DIGlobalVariableExpression *E : Debug)
    Pages->addDebugInfo(DIGlobalVariableExpression::get(
        Ctx, E->getVariable(),
        DIExpression::prepend(E->getExpression(), DIExpression::ApplyOffset, Header)));
  G.replaceAllUsesWith(Data);
  if (!G.hasLocalLinkage()) {
    auto *Alias = GlobalAlias::create(G.getValueType(), G.getAddressSpace(), G.getLinkage(), "",
                                      Data, &M);
    Alias->takeName(&G);
    Alias->setVisibility(G.getVisibility());
    Alias->setDSOLocal(G.isDSOLocal());
  }
  G.eraseFromParent();
  return Data;
}

} // namespace

PreservedAnalyses SpillGlobalsPass::run(Module &M, ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<GlobalVariable *, 4> Moved;
  for (GlobalVariable &G : M.globals()) {
    if (!candidate(G, DL))
      continue;
    StringRef Why = refusal(G);
    if (!Why.empty())
      missed(G, Why);
    else
      Moved.push_back(&G);
  }
  if (Moved.empty())
    return PreservedAnalyses::all();

  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *SizeT = DL.getIntPtrType(Ctx);
  FunctionCallee Map = M.getOrInsertFunction(
      "oc_spill_map_global", FunctionType::get(Type::getVoidTy(Ctx), {Ptr, SizeT}, false));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage,
                                    "outcore.spill.globals", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  for (GlobalVariable *G : Moved) {
    uint64_t Bytes = DL.getTypeAllocSize(G->getValueType()).getFixedValue();
    Constant *Data = moveOntoPages(*G, DL);
    B.CreateCall(Map, {Data, ConstantInt::get(SizeT, Bytes)});
  }
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, CtorPriority);
  return PreservedAnalyses::none();
}

} // namespace outcore
