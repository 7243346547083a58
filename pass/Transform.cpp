//===- Transform.cpp - The outcore transform pass --------------------------===//
//
// Strip-mines the pipeline loop chosen by Schedule and software-pipelines the
// hints (TOCS 3.2, Fig. 7; OSDI 3.2, Fig. 5). The shape keeps every iteration
// in order:
//
//   preheader:  prolog: oc_prefetch_block(first Distance iterations)
//   oc.strip:   s = phi [0, preheader], [e, oc.strip.latch]      (strip loop)
//               e = umin(s + Strip, tc)
//               steady state, one call per reference:
//                 oc_prefetch_release_block(s + D < tc ? &a[s + D] : null,
//                                           s != 0 ? &a[s - Strip] : null, ...)
//   header:     c = phi [s, oc.strip], [c + 1, latch]           (original loop)
//               ... original body ...
//   latch:      br (c + 1 != e), header, oc.strip.latch
//   oc.strip.latch: br (e == tc), exit, oc.strip
//   exit:       final oc_release_block(last strip)
//
// The original exit test becomes dead: the exact backedge-taken count of
// ScalarEvolution (single exiting block = latch) gives the same iterations.
// The null addresses (prefetch past the data, nothing to release before the
// first strip) are ignored by the runtime, so no predicate runs per strip.
//
//===----------------------------------------------------------------------===//

#include "Transform.h"

#include "Locality.h"
#include "Remarks.h"
#include "Schedule.h"
#include "Versioning.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>

#define DEBUG_TYPE "outcore"

using namespace llvm;

namespace outcore {

namespace {

constexpr const char *CtorName = "outcore.module_ctor";
// Tags are numbered from 1 in each module; the module constructor asks the
// runtime for a base, and a hint's tag is base + number, so that tags stay
// unique in a program of many modules (the runtime keeps release state per tag).
constexpr const char *TagCountName = "outcore.tag_count";
constexpr const char *TagBaseName = "outcore.tag_base";

struct Runtime {
  FunctionCallee Prefetch, PrefetchBlock, ReleaseBlock, PrefetchReleaseBlock,
      Register, RegisterTags, MemoryLimit;
};

/// The runtime's entry points, declared so that the optimiser may move and
/// vectorise around them: they touch no memory the program can see.
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
    }
    return FC;
  };
  Runtime R;
  R.Prefetch = Declare("oc_prefetch", {Ptr});
  R.PrefetchBlock = Declare("oc_prefetch_block", {Ptr, I64, I32, I32});
  R.ReleaseBlock = Declare("oc_release_block", {Ptr, I64, I32, I32});
  R.PrefetchReleaseBlock =
      Declare("oc_prefetch_release_block", {Ptr, Ptr, I64, I32, I32});
  R.Register = Declare("oc_register_module", {I64});
  R.RegisterTags = Declare("oc_register_tags", {I32}, I32);
  R.MemoryLimit = Declare("oc_memory_limit", {}, I64);
  return R;
}

/// A module-private i32 (neither is constant: the count grows while the
/// module's functions are transformed, the base is set by the constructor).
GlobalVariable *tagGlobal(Module &M, StringRef Name) {
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  Type *I32 = Type::getInt32Ty(M.getContext());
  return new GlobalVariable(M, I32, /*isConstant=*/false, GlobalValue::InternalLinkage,
                            ConstantInt::get(I32, 0), Name);
}

/// One tag per static directive of the module, numbered from 1.
int nextTag(Module &M) {
  GlobalVariable *Count = tagGlobal(M, TagCountName);
  int Tag = int(cast<ConstantInt>(Count->getInitializer())->getSExtValue()) + 1;
  Count->setInitializer(ConstantInt::get(Count->getValueType(), Tag));
  return Tag;
}

/// Tells the runtime the page size and the number of tags once per module,
/// from a constructor, and keeps the module's tag base.
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

/// Lowers prefetch and release predicates to i1 values in the preheader of
/// the pipeline loop L, on the loops of the nest around L (the strip loop
/// handles L and the loops inside it). A test the pass cannot compute (the
/// last iteration of a loop whose count is unknown) is left out of its
/// clause: a hint more, never one less.
class GateLowering {
public:
  GateLowering(const AnalyzedNest &Nest, Loop *L, SCEVExpander &Exp,
               ScalarEvolution &SE, Instruction *At)
      : Nest(Nest), L(L), Exp(Exp), SE(SE), B(At) {}

  /// The gates of one reference, or null where no test applies. The clauses
  /// are lowered loop by loop, first/last tests before page tests, the
  /// prefetch clause of a loop before its release clause.
  void lower(const Predicate &Prefetch, const Predicate &Release, Value *&PfGate,
             Value *&RelGate) {
    std::vector<std::pair<bool, int>> Loops; // (page test, loop)
    for (const Predicate *P : {&Prefetch, &Release})
      for (const PredicateClause &C : P->clauses()) {
        std::pair<bool, int> Key(C.front().TermKind == PredicateTerm::Kind::Mod,
                                 C.front().Loop);
        if (std::find(Loops.begin(), Loops.end(), Key) == Loops.end())
          Loops.push_back(Key);
      }
    std::stable_sort(Loops.begin(), Loops.end(),
                     [](auto &X, auto &Y) { return X.first < Y.first; });
    Remainders.clear();
    for (auto [IsPage, K] : Loops) {
      if (Nest.IR.Loops[K] == L || !Nest.IR.Loops[K]->contains(L))
        continue;
      andClauseOn(K, Prefetch, PfGate);
      andClauseOn(K, Release, RelGate);
    }
  }

private:
  void andClauseOn(int K, const Predicate &P, Value *&Gate) {
    for (const PredicateClause &C : P.clauses()) {
      if (C.front().Loop != K)
        continue;
      Value *Any = nullptr;
      for (const PredicateTerm &T : C)
        if (Value *V = lowerTerm(T, Any ? "" : termName(T)))
          Any = Any ? B.CreateOr(Any, V) : V;
      if (Any)
        Gate = Gate ? B.CreateAnd(Gate, Any) : Any;
    }
  }

  static const char *termName(const PredicateTerm &T) {
    switch (T.TermKind) {
    case PredicateTerm::Kind::First:
      return "oc.first";
    case PredicateTerm::Kind::Last:
      return "oc.last.it";
    case PredicateTerm::Kind::Mod:
      return T.Residue == 0 ? "oc.page.first" : "oc.page.last";
    }
    return "";
  }

  Value *lowerTerm(const PredicateTerm &T, const Twine &Name) {
    auto [C, Last] = counter(T.Loop);
    switch (T.TermKind) {
    case PredicateTerm::Kind::First:
      return B.CreateICmpEQ(C, B.getInt64(0), Name);
    case PredicateTerm::Kind::Last:
      return Last ? B.CreateICmpEQ(C, Last, Name) : nullptr;
    case PredicateTerm::Kind::Mod: {
      Value *&Rem = Remainders[{T.Loop, T.Factor}];
      if (!Rem)
        Rem = B.CreateURem(C, B.getInt64(T.Factor), "oc.rem");
      return B.CreateICmpEQ(Rem, B.getInt64(T.Residue), Name);
    }
    }
    return nullptr;
  }

  /// The counter of loop K and its last value (null when unknown).
  std::pair<Value *, Value *> counter(int K) {
    auto [It, New] = Counters.try_emplace(K, nullptr, nullptr);
    if (New) {
      Loop *OL = Nest.IR.Loops[K];
      Type *I64 = B.getInt64Ty();
      Instruction *At = &*B.GetInsertPoint();
      const SCEV *C = SE.getAddRecExpr(SE.getZero(I64), SE.getOne(I64), OL, SCEV::FlagNUW);
      It->second.first = Exp.expandCodeFor(C, I64, At);
      const SCEV *Last = backedgeCount(OL, SE);
      if (Last && Exp.isSafeToExpandAt(Last, At))
        It->second.second = B.CreateZExtOrTrunc(
            Exp.expandCodeFor(Last, Last->getType(), At), I64, "oc.last");
    }
    return It->second;
  }

  const AnalyzedNest &Nest;
  Loop *L;
  SCEVExpander &Exp;
  ScalarEvolution &SE;
  IRBuilder<> B;
  std::map<int, std::pair<Value *, Value *>> Counters;  ///< loop -> (c, last c)
  std::map<std::pair<int, int64_t>, Value *> Remainders; ///< of one reference
};

struct Context {
  Function &F;
  LoopInfo &LI;
  DominatorTree &DT;
  ScalarEvolution &SE;
  OptimizationRemarkEmitter &ORE;
  const OutcoreParams &Params;
  Runtime RT;
};

/// Rewrites the pipeline loop of NS. Returns a reason when the nest is left
/// exactly as it was.
std::string transformNest(const AnalyzedNest &Nest, const NestSchedule &NS,
                          Context &Cx) {
  Loop *L = NS.Pipeline;
  BasicBlock *P = L->getLoopPreheader(), *H = L->getHeader(),
             *Lt = L->getLoopLatch(), *E = L->getUniqueExitBlock();
  if (!P || !E || E->getSinglePredecessor() != Lt)
    return "the exit of the pipeline loop is shared with other paths";
  if (!L->isRecursivelyLCSSAForm(Cx.DT, Cx.LI))
    return "the pipeline loop is not in LCSSA form";
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB)
      if (I.getType()->isTokenTy())
        return "the pipeline loop defines token values";
  if (isa<IndirectBrInst>(P->getTerminator()) ||
      P->getTerminator()->getNumSuccessors() != 1)
    return "the pipeline loop has no plain preheader";

  Module &M = *Cx.F.getParent();
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx),
       *I8 = Type::getInt8Ty(Ctx);
  auto *PtrTy = PointerType::getUnqual(Ctx);
  Value *Null = ConstantPointerNull::get(PtrTy);
  const int64_t Page = Cx.Params.Machine.PageSize;
  const int64_t Strip = NS.Strip, D = NS.Distance();
  auto *BrOld = cast<BranchInst>(Lt->getTerminator());

  // Everything invariant in the pipeline loop, computed in its preheader.
  Instruction *PT = P->getTerminator();
  SCEVExpander Exp(Cx.SE, DL, "oc");
  Value *BTC = Exp.expandCodeFor(NS.BackedgeTaken, NS.BackedgeTaken->getType(), PT);
  std::vector<Value *> Bases, Steps;
  for (const RefSchedule &RS : NS.Refs) {
    Bases.push_back(Exp.expandCodeFor(RS.Base, RS.Base->getType(), PT));
    Steps.push_back(RS.Step ? nullptr : Exp.expandCodeFor(RS.StepS, RS.StepS->getType(), PT));
  }
  // Predicates on the loops around the pipeline loop (TOCS 3.2 peels and
  // strip-mines those loops): reference R is prefetched only in the outer
  // iterations that first touch its data and released only in those that
  // last touch it. Each test runs once per outer iteration, here.
  std::vector<Value *> PfGate(NS.Refs.size(), nullptr), RelGate(NS.Refs.size(), nullptr);
  {
    GateLowering Gates(Nest, L, Exp, Cx.SE, PT);
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      if (NS.Refs[R].IndexLoad)
        continue;
      const RefLocality &RL = Nest.Locality.Refs[NS.Refs[R].Ref];
      Gates.lower(RL.PrefetchPredicate, RL.ReleasePredicate.orLastIteration(),
                  PfGate[R], RelGate[R]);
    }
  }
  Exp.clear();

  // TOCS 3.2 splits the outer loops so that no predicate is tested inside
  // the pipeline loop: when every hint is gated, the outer iterations whose
  // gates are all off run a plain copy of the pipeline loop.
  std::vector<Value *> Gates;
  bool AllGated = true;
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    for (auto [Wanted, Gate] : {std::pair(NS.Refs[R].Prefetch, PfGate[R]),
                                std::pair(NS.Refs[R].Release, RelGate[R])})
      if (Wanted) {
        AllGated &= Gate != nullptr;
        Gates.push_back(Gate);
      }
  if (AllGated && !Gates.empty()) {
    IRBuilder<> GB(PT);
    Value *AnyHint = Gates[0];
    for (size_t G = 1; G < Gates.size(); ++G)
      AnyHint = GB.CreateOr(AnyHint, Gates[G]);
    ValueToValueMapTy Plain;
    if (cloneLoopUnder(
            L, [&](IRBuilder<> &B) { return B.CreateNot(AnyHint, "oc.no.hints"); },
            ".oc.plain", Plain, Cx.LI, Cx.DT, Cx.SE)) {
      P = L->getLoopPreheader();
      PT = P->getTerminator();
      E = L->getUniqueExitBlock();
    }
  }

  IRBuilder<> PB(PT);
  // A run-time step: the page of an earlier iteration is released only when
  // the stride is at least a page (else it is still in use).
  std::vector<Value *> PageStride(NS.Refs.size(), nullptr);
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    if (Steps[R]) {
      Steps[R] = PB.CreateSExtOrTrunc(Steps[R], I64, "oc.step");
      PageStride[R] = PB.CreateICmpUGE(
          PB.CreateBinaryIntrinsic(Intrinsic::abs, Steps[R], PB.getFalse()),
          PB.getInt64(Page), "oc.page.stride");
    }
  Value *TC = PB.CreateAdd(PB.CreateZExtOrTrunc(BTC, I64), PB.getInt64(1), "oc.tc");
  std::vector<Value *> BasePtrs;
  for (Value *Base : Bases)
    BasePtrs.push_back(Base->getType()->isPointerTy()
                           ? Base
                           : PB.CreateIntToPtr(Base, PtrTy, "oc.base"));

  Cx.SE.forgetTopmostLoop(L);

  // Address of reference R at iteration It, and the lowest address of the
  // iterations [First, End) (the last one when the step is negative).
  auto AddrAt = [&](IRBuilder<> &B, unsigned R, Value *It) {
    Value *Off = B.CreateMul(It, Steps[R] ? Steps[R] : B.getInt64(NS.Refs[R].Step));
    return B.CreateGEP(I8, BasePtrs[R], Off, "oc.addr");
  };
  // (A reference with a symbolic step gets one page per iteration: its
  // hints cover a single iteration, whatever the sign.)
  auto LowAddr = [&](IRBuilder<> &B, unsigned R, Value *First, Value *End) {
    if (NS.Refs[R].Step >= 0)
      return AddrAt(B, R, First);
    return AddrAt(B, R, B.CreateSub(End, B.getInt64(1)));
  };
  // The release address Addr when Ok (and, for a run-time step, a page stride).
  auto Both = [](IRBuilder<> &B, Value *X, Value *Y) -> Value * {
    return X && Y ? B.CreateAnd(X, Y) : X ? X : Y;
  };
  auto RelAddr = [&](IRBuilder<> &B, unsigned R, Value *Ok, Value *Addr) -> Value * {
    Ok = Both(B, Both(B, Ok, PageStride[R]), RelGate[R]);
    return Ok ? B.CreateSelect(Ok, Addr, Null, "oc.rel") : Addr;
  };
  // The prefetch address Addr when Ok and the outer predicates hold.
  auto PfAddr = [&](IRBuilder<> &B, unsigned R, Value *Ok, Value *Addr) -> Value * {
    Ok = Both(B, Ok, PfGate[R]);
    return Ok ? B.CreateSelect(Ok, Addr, Null, "oc.pf") : Addr;
  };
  auto PagesFor = [&](IRBuilder<> &B, unsigned R, Value *Iters) -> Value * {
    int64_t Step = std::abs(NS.Refs[R].Step);
    if (!NS.Refs[R].Contiguous)
      return B.getInt64(1); // pages of such a reference are not contiguous
    Value *Bytes = B.CreateMul(Iters, B.getInt64(Step));
    return B.CreateUDiv(B.CreateAdd(Bytes, B.getInt64(Page - 1)), B.getInt64(Page),
                        "oc.pages");
  };

  // Tags name release directives; indirect prefetches have none. Their
  // values (the module's base plus the number) are made once, in the preheader.
  std::vector<int> Tags;
  std::vector<Value *> TagValues;
  GlobalVariable *TagBase = tagGlobal(M, TagBaseName);
  Value *Base = PB.CreateLoad(I32, TagBase, "oc.tag.base");
  for (const RefSchedule &RS : NS.Refs) {
    Tags.push_back(RS.IndexLoad ? 0 : nextTag(M));
    TagValues.push_back(RS.IndexLoad ? ConstantInt::get(I32, 0)
                                     : PB.CreateAdd(Base, ConstantInt::get(I32, Tags.back()),
                                                    "oc.tag" + Twine(Tags.back())));
  }

  // A hint call carries the source location of the reference it serves, so
  // that remarks, debuggers and profilers point at the reference.
  auto Located = [&](CallInst *Call, unsigned R) {
    Call->setDebugLoc(Nest.IR.Accesses[NS.Refs[R].Ref]->getDebugLoc());
    return Call;
  };

  // The bundled directive of reference R: either address may be null.
  auto EmitHint = [&](IRBuilder<> &B, unsigned R, Value *Pf, Value *Rel,
                      Value *Pages) -> CallInst * {
    Value *Prio = ConstantInt::get(I32, NS.Refs[R].Priority),
          *Tag = TagValues[R];
    if (Pf && Rel)
      return Located(
          B.CreateCall(Cx.RT.PrefetchReleaseBlock, {Pf, Rel, Pages, Prio, Tag}), R);
    if (Pf)
      return Located(B.CreateCall(Cx.RT.PrefetchBlock, {Pf, Pages, Prio, Tag}), R);
    if (Rel)
      return Located(B.CreateCall(Cx.RT.ReleaseBlock, {Rel, Pages, Prio, Tag}), R);
    return nullptr;
  };


  // Prolog: the first Distance iterations in one block prefetch.
  {
    Value *Pro = nullptr;
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      const RefSchedule &RS = NS.Refs[R];
      if (!RS.Prefetch || !RS.Contiguous)
        continue; // a page per iteration: the prolog loop below
      if (!Pro)
        Pro = PB.CreateBinaryIntrinsic(Intrinsic::umin, PB.getInt64(D), TC);
      Value *Addr = PfAddr(PB, R, nullptr, LowAddr(PB, R, PB.getInt64(0), Pro));
      Located(PB.CreateCall(Cx.RT.PrefetchBlock,
                            {Addr, PagesFor(PB, R, Pro), ConstantInt::get(I32, RS.Priority),
                             TagValues[R]}),
              R);
    }
  }

  // The strip loop.
  BasicBlock *SH = BasicBlock::Create(Ctx, "oc.strip", &Cx.F, H);
  BasicBlock *Lx = BasicBlock::Create(Ctx, "oc.strip.latch", &Cx.F, E);
  PT->replaceUsesOfWith(H, SH);

  // Values of the original loop that cross strips: through phis of oc.strip
  // (in) and LCSSA phis of oc.strip.latch (out).
  DenseMap<Value *, Value *> OutOfInner;
  auto Out = [&](Value *V) -> Value * {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L->contains(I))
      return V;
    auto [It, New] = OutOfInner.try_emplace(V, nullptr);
    if (New) {
      PHINode *Phi = PHINode::Create(V->getType(), 1, V->getName() + ".oc.lcssa", Lx);
      Phi->addIncoming(V, Lt);
      It->second = Phi;
    }
    return It->second;
  };
  IRBuilder<> SB(SH);
  for (PHINode &Phi : H->phis()) {
    int PIdx = Phi.getBasicBlockIndex(P);
    Value *Init = Phi.getIncomingValue(PIdx);
    Value *Next = Phi.getIncomingValueForBlock(Lt);
    PHINode *Sigma = SB.CreatePHI(Phi.getType(), 2, Phi.getName() + ".oc.strip");
    Sigma->addIncoming(Init, P);
    Sigma->addIncoming(Out(Next), Lx);
    Phi.setIncomingBlock(PIdx, SH);
    Phi.setIncomingValue(PIdx, Sigma);
  }
  // Exit phis now come through oc.strip.latch.
  for (PHINode &Phi : E->phis()) {
    int Idx = Phi.getBasicBlockIndex(Lt);
    Value *V = Out(Phi.getIncomingValue(Idx));
    Phi.setIncomingBlock(Idx, Lx);
    Phi.setIncomingValue(Idx, V);
  }

  PHINode *S = SB.CreatePHI(I64, 2, "oc.s");
  S->addIncoming(SB.getInt64(0), P);
  Value *End = SB.CreateBinaryIntrinsic(
      Intrinsic::umin, SB.CreateAdd(S, SB.getInt64(Strip)), TC, {}, "oc.e");
  S->addIncoming(End, Lx);

  // Steady state: one call per reference and strip.
  std::vector<CallInst *> Steady(NS.Refs.size(), nullptr);
  {
    Value *PfIt = SB.CreateAdd(S, SB.getInt64(D), "oc.pf.it");
    Value *PfOk = SB.CreateICmpULT(PfIt, TC);
    Value *PfEnd = SB.CreateBinaryIntrinsic(
        Intrinsic::umin, SB.CreateAdd(PfIt, SB.getInt64(Strip)), TC);
    Value *NotFirst = SB.CreateICmpNE(S, SB.getInt64(0));
    Value *RelIt = SB.CreateSub(S, SB.getInt64(Strip), "oc.rel.it");
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      const RefSchedule &RS = NS.Refs[R];
      if (RS.PerIteration)
        continue;
      Value *Pf = RS.Prefetch ? PfAddr(SB, R, PfOk, LowAddr(SB, R, PfIt, PfEnd)) : nullptr;
      Value *Rel = RS.Release ? RelAddr(SB, R, NotFirst, LowAddr(SB, R, RelIt, S)) : nullptr;
      Steady[R] = EmitHint(SB, R, Pf, Rel, SB.getInt64(RS.Pages));
    }
  }
  SB.CreateBr(H);

  // The original loop runs over [s, e): a counter of its own.
  PHINode *C = PHINode::Create(I64, 2, "oc.c", H->getFirstNonPHIIt());
  C->addIncoming(S, SH);
  IRBuilder<> LB(BrOld);
  Value *CNext = LB.CreateAdd(C, LB.getInt64(1), "oc.c.next");
  C->addIncoming(CNext, Lt);
  Value *More = LB.CreateICmpNE(CNext, End, "oc.more");

  BranchInst *BrNew = BranchInst::Create(H, Lx, More, Lt);
  BrNew->setDebugLoc(BrOld->getDebugLoc());
  if (MDNode *LoopMD = BrOld->getMetadata(LLVMContext::MD_loop))
    BrNew->setMetadata(LLVMContext::MD_loop, LoopMD);
  Value *OldCond = BrOld->getCondition();
  BrOld->eraseFromParent();
  if (auto *CI = dyn_cast<Instruction>(OldCond))
    if (CI->use_empty())
      CI->eraseFromParent();

  IRBuilder<> XB(Lx);
  XB.CreateCondBr(XB.CreateICmpEQ(End, TC, "oc.done"), E, SH);

  // Final release of the last strip.
  {
    IRBuilder<> EB(E, E->getFirstInsertionPt());
    PHINode *SLast = nullptr, *ELast = nullptr;
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      const RefSchedule &RS = NS.Refs[R];
      if (!RS.Release)
        continue;
      if (!SLast) {
        IRBuilder<> PhiB(E, E->begin());
        SLast = PhiB.CreatePHI(I64, 1, "oc.s.last");
        SLast->addIncoming(S, Lx);
        ELast = PhiB.CreatePHI(I64, 1, "oc.e.last");
        ELast->addIncoming(End, Lx);
      }
      // A per-iteration reference has only its last iteration left.
      Value *First = RS.PerIteration ? EB.CreateSub(ELast, EB.getInt64(1)) : SLast;
      Value *Iters = EB.CreateSub(ELast, First);
      Located(EB.CreateCall(Cx.RT.ReleaseBlock,
                            {RelAddr(EB, R, nullptr, LowAddr(EB, R, First, ELast)),
                             PagesFor(EB, R, Iters), ConstantInt::get(I32, RS.Priority),
                             TagValues[R]}),
              R);
    }
  }

  // LoopInfo: the strip loop sits between L and its parent.
  Loop *StripL = Cx.LI.AllocateLoop();
  if (Loop *Parent = L->getParentLoop())
    Parent->replaceChildLoopWith(L, StripL);
  else
    Cx.LI.changeTopLevelLoop(L, StripL);
  StripL->addChildLoop(L);
  StripL->addBasicBlockToLoop(SH, Cx.LI);
  for (BasicBlock *BB : L->blocks())
    StripL->addBlockEntry(BB);
  StripL->addBasicBlockToLoop(Lx, Cx.LI);
  Cx.DT.recalculate(Cx.F);
  formLCSSARecursively(*StripL, Cx.DT, &Cx.LI, &Cx.SE);
  Cx.SE.forgetTopmostLoop(StripL);

  // oc_prefetch(&a[b[It]]) of the indirect reference R (TOCS Fig. 9); null
  // when a[b[It]] cannot be expanded there (Schedule checked that the rest
  // is defined before the loop).
  auto IndirectPrefetch = [&](IRBuilder<> &B, unsigned R, Value *It) -> CallInst * {
    const RefSchedule &RS = NS.Refs[R];
    LoadInst *Index = B.CreateAlignedLoad(RS.IndexLoad->getType(), AddrAt(B, R, It),
                                          RS.IndexLoad->getAlign(), "oc.ind");
    ValueToSCEVMapTy Map;
    Map[RS.IndexLoad] = Cx.SE.getUnknown(Index);
    const SCEV *Target = SCEVParameterRewriter::rewrite(RS.Target, Cx.SE, Map);
    if (!Exp.isSafeToExpand(Target)) {
      Index->eraseFromParent();
      return nullptr;
    }
    Value *Addr = Exp.expandCodeFor(Target, PtrTy, &*B.GetInsertPoint());
    return Located(B.CreateCall(Cx.RT.Prefetch, {Addr}), R);
  };

  // Hints once per iteration of the original loop, d = IterDistance ahead:
  // - indirect (TOCS Fig. 9): oc_prefetch(&a[b[min(c + d, tc - 1)]]). The
  //   index load is clamped to the last iteration, whose b[i] the loop reads
  //   itself: a load past the end of b would fault, unlike a hint;
  // - a stride of a page or more: its page d iterations ahead, and the page of
  //   the previous iteration released.
  // Emitted once LoopInfo and the dominator tree describe the new loops:
  // expanding a[b[i]] may ask ScalarEvolution about enclosing loops.
  {
    IRBuilder<> HB(&*H->getFirstInsertionPt());
    Value *Ahead = nullptr, *IndIt = nullptr, *PfOk = nullptr, *NotFirst = nullptr;
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      const RefSchedule &RS = NS.Refs[R];
      if (!RS.PerIteration)
        continue;
      if (!Ahead)
        Ahead = HB.CreateAdd(C, HB.getInt64(NS.IterDistance), "oc.ahead");
      if (!RS.IndexLoad) {
        if (!PfOk) {
          PfOk = HB.CreateICmpULT(Ahead, TC);
          NotFirst = HB.CreateICmpNE(C, HB.getInt64(0));
        }
        Value *Pf = RS.Prefetch ? PfAddr(HB, R, PfOk, AddrAt(HB, R, Ahead)) : nullptr;
        Value *Rel = RS.Release ? RelAddr(HB, R, NotFirst,
                                          AddrAt(HB, R, HB.CreateSub(C, HB.getInt64(1))))
                                : nullptr;
        Steady[R] = EmitHint(HB, R, Pf, Rel, HB.getInt64(1));
        continue;
      }
      if (!IndIt)
        IndIt = HB.CreateBinaryIntrinsic(
            Intrinsic::umin, Ahead, PB.CreateSub(TC, PB.getInt64(1), "oc.tc.last"), {},
            "oc.ind.it");
      Steady[R] = IndirectPrefetch(HB, R, IndIt);
    }
  }

  // Prolog of the references hinted a page per iteration: their first
  // iterations, one prefetch each, in a loop before the strip loop
  //   oc.prolog: k = phi [0, P], [k + 1, oc.prolog]
  //              hints of iteration k (k < d of that reference)
  //              br (k + 1 < min(max d, tc)), oc.prolog, <old preheader>
  // k stays below tc, so an index load b[k] reads only what the loop reads.
  std::vector<int64_t> ProIters(NS.Refs.size(), 0);
  int64_t MaxPro = 0;
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    if (NS.Refs[R].Prefetch && !NS.Refs[R].Contiguous) {
      ProIters[R] = NS.Refs[R].PerIteration ? NS.IterDistance : D;
      MaxPro = std::max(MaxPro, ProIters[R]);
    }
  if (MaxPro > 0) {
    Value *ProEnd = PB.CreateBinaryIntrinsic(Intrinsic::umin, PB.getInt64(MaxPro), TC, {},
                                             "oc.prolog.end");
    BasicBlock *ProExit = SplitBlock(P, P->getTerminator(), &Cx.DT, &Cx.LI, nullptr,
                                     "oc.prolog.exit");
    BasicBlock *ProBB = BasicBlock::Create(Ctx, "oc.prolog", &Cx.F, ProExit);
    P->getTerminator()->setSuccessor(0, ProBB);
    IRBuilder<> KB(ProBB);
    PHINode *K = KB.CreatePHI(I64, 2, "oc.k");
    K->addIncoming(KB.getInt64(0), P);
    Value *KNext = KB.CreateAdd(K, KB.getInt64(1), "oc.k.next");
    K->addIncoming(KNext, ProBB);
    BranchInst *ProBr =
        KB.CreateCondBr(KB.CreateICmpULT(KNext, ProEnd), ProBB, ProExit);
    Loop *ProL = Cx.LI.AllocateLoop();
    if (Loop *Parent = Cx.LI.getLoopFor(P))
      Parent->addChildLoop(ProL);
    else
      Cx.LI.addTopLevelLoop(ProL);
    ProL->addBasicBlockToLoop(ProBB, Cx.LI);
    Cx.DT.recalculate(Cx.F);
    KB.SetInsertPoint(ProBr);
    for (size_t R = 0; R < NS.Refs.size(); ++R) {
      if (!ProIters[R])
        continue;
      if (NS.Refs[R].IndexLoad) {
        IndirectPrefetch(KB, R, K);
        continue;
      }
      Value *InProlog = ProIters[R] < MaxPro
                            ? KB.CreateICmpULT(K, KB.getInt64(ProIters[R]))
                            : nullptr;
      Value *Addr = PfAddr(KB, R, InProlog, AddrAt(KB, R, K));
      EmitHint(KB, R, Addr, nullptr, KB.getInt64(1));
    }
  }
  Exp.clear();

  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    if (!Steady[R])
      continue;
    const RefSchedule &RS = NS.Refs[R];
    DirectiveRemark DR;
    DR.At = Steady[R];
    DR.Array = Nest.IR.Model.Refs[RS.Ref].Array;
    DR.Tag = Tags[R];
    DR.Priority = RS.Priority;
    DR.Pages = RS.Pages;
    DR.Distance = RS.PerIteration ? NS.IterDistance : D;
    DR.PipelineDepth = NS.PipelineDepth;
    DR.Prefetches = RS.Prefetch;
    emitDirective(DR, Cx.ORE);
  }
  return "";
}

/// Why a nest with footprint FP (bytes, null when unbounded) gets no fit
/// test, or "" when it gets one.
std::string fitTestRefusal(const SCEV *FP, const MachineParams &Machine, ScalarEvolution &SE) {
  if (!FP)
    return "the data the nest touches has no bound before the nest (no run-time fit test)";
  APInt Max = SE.getUnsignedRangeMax(FP);
  if (Max.ule(uint64_t(Machine.MemSize)))
    return "the data the nest touches fits in memory (at most " +
           std::to_string(Max.getZExtValue()) + " bytes)";
  return "";
}

/// Transforms one hinted version of a nest. Where the pipeline loop's trip
/// count is unknown at compile time, a copy of the version is split off first,
/// with the pipeline loop moved outward (TOCS Fig. 8 decided at run time): it
/// runs when one entry of the pipeline loop advances less than a block (short
/// rows), where prefetching a distance ahead inside the loop would reach past
/// its end. A copy that cannot be transformed stays plain.
std::string hintVersion(const AnalyzedNest &V, const NestSchedule &NS, Context &Cx) {
  if (NS.EntryBytes) {
    Loop *Root = NS.Within ? NS.Within : V.IR.Loops[0];
    SCEVExpander Exp(Cx.SE, Cx.F.getParent()->getDataLayout(), "oc.entry");
    const int64_t Block =
        Cx.Params.Machine.PageSize * std::max<int64_t>(1, Cx.Params.BlockPages);
    ValueToValueMapTy VMap;
    auto ShortRows = [&](IRBuilder<> &B) -> Value * {
      Instruction *At = &*B.GetInsertPoint();
      if (!Exp.isSafeToExpandAt(NS.EntryBytes, At))
        return nullptr;
      Value *Bytes = Exp.expandCodeFor(NS.EntryBytes, B.getInt64Ty(), At);
      return B.CreateICmpULT(Bytes, B.getInt64(Block), "oc.short.rows");
    };
    BasicBlock *PipelineHeader = NS.Pipeline->getHeader();
    if (cloneLoopUnder(Root, ShortRows, ".oc.outward", VMap, Cx.LI, Cx.DT, Cx.SE)) {
      AnalyzedNest Moved{remapNest(V.IR, VMap, Cx.LI), V.Locality};
      const Loop *Inner = Cx.LI.getLoopFor(cast<BasicBlock>(VMap[PipelineHeader]));
      Loop *MovedRoot = Cx.LI.getLoopFor(cast<BasicBlock>(VMap[Root->getHeader()]));
      NestSchedule MS = scheduleNest(Moved, Cx.Params, Cx.LI, Cx.DT, Cx.SE, Inner,
                                     NS.Within ? MovedRoot : nullptr);
      std::string Why = !MS.Reason.empty() ? MS.Reason
                        : MS.Refs.empty()  ? "no reference gets a hint"
                                           : transformNest(Moved, MS, Cx);
      LLVM_DEBUG(if (!Why.empty()) dbgs() << "outcore: short-row version left plain: "
                                          << Why << "\n");
    }
  }
  return transformNest(V, NS, Cx);
}

/// Schedules each pipeline of V (the nest, or each of its Parts, depth
/// first) and hands it to OnPipeline, which returns why it gives up. A part
/// is scheduled only after the parts before it were handled, so it sees their
/// rewrites. Returns "" when some pipeline succeeded, else the first reason.
std::string forEachPipeline(const AnalyzedNest &V, Context &Cx, Loop *Within,
                            function_ref<std::string(const NestSchedule &)> OnPipeline) {
  NestSchedule NS = scheduleNest(V, Cx.Params, Cx.LI, Cx.DT, Cx.SE, nullptr, Within);
  if (NS.Parts.empty()) {
    if (NS.Reason.empty() && NS.Refs.empty())
      NS.Reason = "no reference gets a hint in the pipeline loop";
    return NS.Reason.empty() ? OnPipeline(NS) : NS.Reason;
  }
  std::string First;
  bool Some = false;
  for (Loop *Part : NS.Parts) {
    std::string Why = forEachPipeline(V, Cx, Part, OnPipeline);
    LLVM_DEBUG(if (!Why.empty()) dbgs() << "outcore: part at depth " << Part->getLoopDepth()
                                        << " left plain: " << Why << "\n");
    Some |= Why.empty();
    if (First.empty())
      First = Why;
  }
  return Some ? "" : First;
}

/// Rewrites every pipeline of one version of a nest.
std::string hintPipelines(const AnalyzedNest &V, Context &Cx) {
  return forEachPipeline(V, Cx, nullptr,
                         [&](const NestSchedule &NS) { return hintVersion(V, NS, Cx); });
}

} // namespace

PreservedAnalyses OutcorePass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const LocalityInfo &Info =
      Params ? OutcoreLocalityAnalysis(Params).run(F, FAM)
             : FAM.getResult<OutcoreLocalityAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  Context Cx{F,
             FAM.getResult<LoopAnalysis>(F),
             FAM.getResult<DominatorTreeAnalysis>(F),
             FAM.getResult<ScalarEvolutionAnalysis>(F),
             ORE,
             Info.Params,
             {}};
  bool Changed = false;
  for (const AnalyzedNest &Nest : Info.Nests) {
    emitLocalityRemarks(Nest, ORE);
    if (!Nest.IR.Unsupported.empty()) {
      emitNotTransformed(Nest.IR.Loops[0], Nest.IR.Unsupported, ORE);
      continue;
    }
    std::string Reason = forEachPipeline(Nest, Cx, nullptr,
                                         [](const NestSchedule &) { return ""; });
    const MachineParams &Machine = Info.Params.Machine;
    // Read before the IR changes: every hinted nest runs only when its data
    // does not fit (the fit test); data that fits in the memory the analysis
    // assumes stays resident and gets no hints (DESIGN, Analysis 5).
    const SCEV *FP = Reason.empty() ? nestFootprint(Nest, Machine.PageSize, Cx.SE) : nullptr;
    if (Reason.empty())
      Reason = fitTestRefusal(FP, Machine, Cx.SE);
    if (Reason.empty()) {
      if (!Changed)
        Cx.RT = declareRuntime(*F.getParent());
      Loop *Outer = Nest.IR.Loops[0];
      // The checks run in the order the clones are made: the whole nest in
      // memory (the original), then the most localized version whose pages fit.
      std::vector<LocalizedVersion> Versions;
      if (Machine.Unknown == UnknownTrip::Version)
        Versions = localizedVersions(Nest, Machine, Cx.SE);
      // Versions and copies may be made (and invariant values hoisted for the
      // fit test) even if a later step fails.
      Changed = true;
      if (!versionOriginal(Outer, FP, Cx.RT.MemoryLimit, Cx.LI, Cx.DT, Cx.SE)) {
        emitNotTransformed(Outer, "no run-time fit test can be placed before the nest", ORE);
        continue;
      }
      std::vector<AnalyzedNest> Clones;
      for (LocalizedVersion &V : Versions) {
        ValueToValueMapTy VMap;
        if (versionNest(Outer, V.Need, Cx.RT.MemoryLimit, ".oc.local", VMap, Cx.LI, Cx.DT, Cx.SE))
          Clones.push_back({remapNest(Nest.IR, VMap, Cx.LI), std::move(V.Locality)});
      }
      Reason = hintPipelines(Nest, Cx);
      bool Hinted = Reason.empty();
      // A version that cannot be transformed stays a plain copy of the nest.
      for (const AnalyzedNest &Clone : Clones) {
        std::string Why = hintPipelines(Clone, Cx);
        Hinted |= Why.empty();
        LLVM_DEBUG(if (!Why.empty()) dbgs() << "outcore: run-time version left plain: "
                                            << Why << "\n");
      }
      if (Hinted)
        registerModule(*F.getParent(), Cx.RT, Machine.PageSize);
    }
    if (!Reason.empty())
      emitNotTransformed(Nest.IR.Loops[0], Reason, ORE);
  }
  for (const MissedNest &Missed : Info.Missed)
    emitNotTransformed(Missed.Outermost, Missed.Reason, ORE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace outcore
