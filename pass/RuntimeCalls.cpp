//===- RuntimeCalls.cpp - The runtime's entry points, tags, module ctor ---===//

#include "RuntimeCalls.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace outcore {

namespace {

constexpr const char *CtorName = "outcore.module_ctor";
constexpr const char *PrefetchName = "oc_prefetch", *PrefetchBlockName = "oc_prefetch_block",
                     *ReleaseBlockName = "oc_release_block",
                     *PrefetchReleaseBlockName = "oc_prefetch_release_block";
// Tags are numbered from 1 in each module; the module constructor asks the
// runtime for a base, and a hint's tag is base + number, so that tags stay
// unique in a program of many modules (the runtime keeps release state per tag).
constexpr const char *TagCountName = "outcore.tag_count";
constexpr const char *TagBaseName = "outcore.tag_base";

/// A module-private i32 (neither is constant: the count grows while the
/// module's functions are transformed, the base is set by the constructor).
GlobalVariable *tagGlobal(Module &M, StringRef Name) {
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  Type *I32 = Type::getInt32Ty(M.getContext());
  return new GlobalVariable(M, I32, /*isConstant=*/false, GlobalValue::InternalLinkage,
                            ConstantInt::get(I32, 0), Name);
}

} // namespace

void noteRuntimeUse(Function &F) {
  // The limit is a global ("other" memory); the entry points touch only memory
  // the program cannot see, but may synchronise and free.
  F.setMemoryEffects(F.getMemoryEffects() | MemoryEffects::inaccessibleMemOnly() |
                     MemoryEffects(IRMemLocation::Other, ModRefInfo::Ref));
  F.removeFnAttr(Attribute::NoSync);
  F.removeFnAttr(Attribute::NoFree);
}

Runtime declareRuntime(Module &M) {
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx), *Ptr = PointerType::getUnqual(Ctx),
       *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  auto Declare = [&](StringRef Name, ArrayRef<Type *> Params, Type *Ret = nullptr) {
    FunctionCallee FC = M.getOrInsertFunction(
        Name, FunctionType::get(Ret ? Ret : Void, Params, false));
    if (auto *F = dyn_cast<Function>(FC.getCallee())) {
      F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
      F->setDoesNotThrow();
      F->setWillReturn();
      // The runtime never calls back into the program, and keeps a hint's address
      // only as a number (madvise, mincore): the pointer never escapes, so an array
      // reached through a global keeps the alias facts the plain build has
      // (GlobalsAA's distinct mallocs).
      F->addFnAttr(Attribute::NoCallback);
      for (unsigned I = 0; I < Params.size(); ++I)
        if (Params[I]->isPointerTy())
          F->addParamAttr(I, Attribute::NoCapture);
    }
    return FC;
  };
  Runtime R;
  R.Prefetch = Declare(PrefetchName, {Ptr});
  R.PrefetchBlock = Declare(PrefetchBlockName, {Ptr, I64, I32, I32});
  R.ReleaseBlock = Declare(ReleaseBlockName, {Ptr, I64, I32, I32});
  R.PrefetchReleaseBlock = Declare(PrefetchReleaseBlockName, {Ptr, Ptr, I64, I32, I32});
  R.Register = Declare("oc_register_module", {I64});
  R.RegisterTags = Declare("oc_register_tags", {I32}, I32);
  R.MemoryLimitNow = M.getOrInsertGlobal(MemoryLimitNowName, I64);
  return R;
}

bool isRuntimeHint(const Function &F) {
  return F.isDeclaration() && is_contained({StringRef(PrefetchName), StringRef(PrefetchBlockName),
                                            StringRef(ReleaseBlockName),
                                            StringRef(PrefetchReleaseBlockName)},
                                           F.getName());
}

GlobalVariable *tagBase(Module &M) { return tagGlobal(M, TagBaseName); }

int nextTag(Module &M) {
  GlobalVariable *Count = tagGlobal(M, TagCountName);
  int Tag = int(cast<ConstantInt>(Count->getInitializer())->getSExtValue()) + 1;
  Count->setInitializer(ConstantInt::get(Count->getValueType(), Tag));
  return Tag;
}

void registerModule(Module &M, const Runtime &RT, int64_t PageSize) {
  if (M.getFunction(CtorName))
    return;
  LLVMContext &Ctx = M.getContext();
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                 GlobalValue::InternalLinkage, CtorName, M);
  F->setDoesNotThrow();
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  B.CreateCall(RT.Register, {B.getInt64(PageSize)});
  GlobalVariable *Count = tagGlobal(M, TagCountName);
  Value *Base = B.CreateCall(RT.RegisterTags,
                             {B.CreateLoad(Count->getValueType(), Count, "oc.tag.count")});
  B.CreateStore(Base, tagGlobal(M, TagBaseName));
  B.CreateRetVoid();
  appendToGlobalCtors(M, F, 0);
}

} // namespace outcore
