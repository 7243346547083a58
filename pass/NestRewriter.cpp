//===- NestRewriter.cpp - Strip-mine and software-pipeline one loop -------===//

#include "NestRewriter.h"

#include "AddRecChain.h"
#include "Remarks.h"
#include "Versioning.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <algorithm>
#include <map>

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumHints, "Hint calls inserted");

namespace outcore {

namespace {

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
    std::vector<int> Loops;
    for (bool PageTests : {false, true})
      for (const Predicate *P : {&Prefetch, &Release})
        for (const PredicateClause &C : P->clauses())
          if ((C.front().TermKind == PredicateTerm::Kind::Mod) == PageTests &&
              !llvm::is_contained(Loops, C.front().Loop))
            Loops.push_back(C.front().Loop);
    Remainders.clear();
    for (int K : Loops) {
      if (Nest.IR.Loops[K] == L || !Nest.IR.Loops[K]->contains(L))
        continue;
      andClauseOn(K, Prefetch, PfGate);
      andClauseOn(K, Release, RelGate);
    }
  }

  /// Bytes from a hint's address back to the lowest address of the page it
  /// serves, for the page tests on outer loops (null: none). A page test on
  /// loop K groups F iterations of K on one page; the hint's address is the
  /// reference's at the iteration that tests true, while the group's data lie
  /// below it when the address grows along K and the hint releases (the last
  /// iteration, j mod F = F - 1, or the loop's last: j mod F iterations back)
  /// or shrinks along K and the hint prefetches (the first, F - 1 back). The
  /// runtime takes a hint as [address, address + pages): unshifted, an array
  /// not page-aligned had its next page released, read again at once, and a
  /// descending walk prefetched the page it had just left. Base is the
  /// reference's address; call after lower() for the same predicates.
  Value *pageStartOffset(const Predicate &P, const SCEV *Base, bool Release) {
    Value *Bytes = nullptr;
    for (const PredicateClause &C : P.clauses())
      for (const PredicateTerm &T : C) {
        auto Rem = Remainders.find({T.Loop, T.Factor});
        if (T.TermKind != PredicateTerm::Kind::Mod || Rem == Remainders.end())
          continue;
        std::optional<int64_t> Step = stepAlong(Base, Nest.IR.Loops[T.Loop]);
        if (!Step || (Release ? *Step <= 0 : *Step >= 0))
          continue;
        Value *Back = Release ? B.CreateMul(Rem->second, B.getInt64(*Step), "oc.rel.back")
                              : B.getInt64((T.Factor - 1) * -*Step);
        Bytes = Bytes ? B.CreateAdd(Bytes, Back) : Back;
      }
    return Bytes;
  }

private:
  /// The constant byte step of address S along loop OL, if S has one.
  static std::optional<int64_t> stepAlong(const SCEV *S, const Loop *OL) {
    const SCEV *At = walkAddRecChain(S, nullptr, [&](const SCEVAddRecExpr *AR) {
      return AR->getLoop() != OL;
    });
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(At)) // the walk stopped at OL
      if (const auto *Step = dyn_cast<SCEVConstant>(AR->getOperand(1)))
        return Step->getAPInt().getSExtValue();
    return std::nullopt;
  }

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

} // namespace

NestRewriter::NestRewriter(const AnalyzedNest &Nest, const NestSchedule &NS,
                           RewriteContext &Cx)
    : Nest(Nest), NS(NS), Cx(Cx), M(*Cx.F.getParent()), L(NS.Pipeline),
      P(L->getLoopPreheader()), H(L->getHeader()), Lt(L->getLoopLatch()),
      E(L->getUniqueExitBlock()), DTU(Cx.DT, DomTreeUpdater::UpdateStrategy::Eager),
      Exp(Cx.SE, M.getDataLayout(), "oc"),
      PB(M.getContext()), Page(Cx.Params.Machine.PageSize), Strip(NS.Strip),
      D(NS.Distance()) {}

std::string NestRewriter::refusal() const {
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
  return "";
}

void NestRewriter::run() {
  assert(refusal().empty() && "rewriting a pipeline loop the gates refuse");
  LLVM_DEBUG(dbgs() << "outcore: rewriting " << L->getName() << ": strip " << Strip
                    << ", " << D << " iterations ahead, " << NS.Refs.size()
                    << " hinted reference(s)\n");
  expandInvariants();
  lowerGates();
  splitPlainCopy();
  prepareAddresses();
  numberTags();
  emitBlockProlog();
  buildStripLoop();
  emitSteadyState();
  rewireOriginalLoop();
  emitFinalRelease();
  updateLoopInfo();
  emitPerIterationHints();
  emitPageProlog();
  Cx.SE.forgetTopmostLoop(L); // the hint branches split L's blocks
  Exp.clear();
  emitRemarks();
}

/// Everything invariant in the pipeline loop, computed in its preheader.
void NestRewriter::expandInvariants() {
  PT = P->getTerminator();
  BTC = Exp.expandCodeFor(NS.BackedgeTaken, NS.BackedgeTaken->getType(), PT);
  for (const RefSchedule &RS : NS.Refs) {
    Bases.push_back(Exp.expandCodeFor(RS.Base, RS.Base->getType(), PT));
    Steps.push_back(RS.Step ? nullptr : Exp.expandCodeFor(RS.StepS, RS.StepS->getType(), PT));
    const SCEV *RowStep = RS.RowAt ? RS.RowAt->getStepRecurrence(Cx.SE) : nullptr;
    RowBases.push_back(RS.RowAt ? Exp.expandCodeFor(RS.RowAt->getStart(),
                                                    RS.RowAt->getStart()->getType(), PT)
                                : nullptr);
    RowSteps.push_back(RS.RowAt ? Exp.expandCodeFor(RowStep, RowStep->getType(), PT) : nullptr);
  }
}

static Value *both(IRBuilderBase &B, Value *X, Value *Y) {
  return X && Y ? B.CreateAnd(X, Y) : X ? X : Y;
}

/// Predicates on the loops around the pipeline loop (TOCS 3.2 peels and
/// strip-mines those loops): reference R is prefetched only in the outer
/// iterations that first touch its data and released only in those that
/// last touch it. Each test runs once per outer iteration, in the preheader.
void NestRewriter::lowerGates() {
  assert(PT && Bases.size() == NS.Refs.size() && "invariants expanded first");
  PfGate.assign(NS.Refs.size(), nullptr);
  RelGate.assign(NS.Refs.size(), nullptr);
  PfRebase.assign(NS.Refs.size(), nullptr);
  RelRebase.assign(NS.Refs.size(), nullptr);
  GateLowering Gates(Nest, L, Exp, Cx.SE, PT);
  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    if (NS.Refs[R].IndexLoad)
      continue;
    const RefLocality &RL = Nest.Locality.Refs[NS.Refs[R].Ref];
    Predicate Release = RL.ReleasePredicate.orLastIteration();
    Gates.lower(RL.PrefetchPredicate, Release, PfGate[R], RelGate[R]);
    PfRebase[R] = Gates.pageStartOffset(RL.PrefetchPredicate, NS.Refs[R].Base, false);
    RelRebase[R] = Gates.pageStartOffset(Release, NS.Refs[R].Base, true);
    if (Steps[R] && NS.Refs[R].Contiguous) {
      // Rows of a run-time step: one stream upward while the step is at
      // most a block; a longer step leaves gaps the stream would fill.
      IRBuilder<> GB(PT);
      Value *Step = GB.CreateSExtOrTrunc(Steps[R], GB.getInt64Ty());
      Value *Rows = GB.CreateICmpULE(GB.CreateSub(Step, GB.getInt64(1)),
                                     GB.getInt64(Cx.Params.blockBytes() - 1), "oc.rows");
      PfGate[R] = NS.Refs[R].Prefetch ? both(GB, PfGate[R], Rows) : PfGate[R];
      RelGate[R] = NS.Refs[R].Release ? both(GB, RelGate[R], Rows) : RelGate[R];
    }
  }
  Exp.clear();
}

/// TOCS 3.2 splits the outer loops so that no predicate is tested inside
/// the pipeline loop: when every hint is gated, the outer iterations whose
/// gates are all off run a plain copy of the pipeline loop.
void NestRewriter::splitPlainCopy() {
  assert(PfGate.size() == NS.Refs.size() && "gates lowered first");
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
  PB.SetInsertPoint(PT);
}

/// Trip count, base pointers and run-time steps in the preheader.
void NestRewriter::prepareAddresses() {
  assert(PB.GetInsertBlock() == P && "the preheader is final");
  // A run-time step: the page of an earlier iteration is released only when
  // the stride is at least a page (else it is still in use).
  PageStride.assign(NS.Refs.size(), nullptr);
  // Rows of a run-time step are one stream: no such guard (oc.rows instead).
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    if (Steps[R]) {
      Steps[R] = PB.CreateSExtOrTrunc(Steps[R], PB.getInt64Ty(), "oc.step");
      if (!NS.Refs[R].Contiguous)
        PageStride[R] = PB.CreateICmpUGE(
            PB.CreateBinaryIntrinsic(Intrinsic::abs, Steps[R], PB.getFalse()),
            PB.getInt64(Page), "oc.page.stride");
    }
  StripV = PB.getInt64(Strip);
  DV = PB.getInt64(D);
  if (NS.StripStep) {
    // A block of the longest row step (at least 1 byte: no division by 0).
    Value *Step = Exp.expandCodeFor(NS.StripStep, PB.getInt64Ty(), PT);
    StripV = PB.CreateBinaryIntrinsic(
        Intrinsic::umax, PB.CreateUDiv(PB.getInt64(Cx.Params.blockBytes()), Step),
        PB.getInt64(1), {}, "oc.strip.its");
    DV = PB.CreateMul(StripV, PB.getInt64(NS.DistanceStrips), "oc.ahead.its");
  }
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    StripPages.push_back(NS.StripStep && NS.Refs[R].Contiguous ? pagesFor(PB, R, StripV)
                                                               : PB.getInt64(NS.Refs[R].Pages));
  TC = PB.CreateAdd(PB.CreateZExtOrTrunc(BTC, PB.getInt64Ty()), PB.getInt64(1), "oc.tc");
  for (Value *Base : Bases)
    BasePtrs.push_back(Base->getType()->isPointerTy()
                           ? Base
                           : PB.CreateIntToPtr(Base, PB.getPtrTy(), "oc.base"));
  Cx.SE.forgetTopmostLoop(L);
}

/// Tags name release directives; indirect prefetches have none. The references
/// of one group share pages and a tag: the runtime tells a release that the
/// group's own prefetch takes back soon (C[k][j] += ..., its leader prefetches,
/// its trailer releases) by the tag. Their values (the module's base plus the
/// number) are made once, in the preheader.
void NestRewriter::numberTags() {
  Value *Base = PB.CreateLoad(PB.getInt32Ty(), tagBase(M), "oc.tag.base");
  SmallDenseMap<int, unsigned, 8> GroupTag; // group -> its first reference here
  for (const RefSchedule &RS : NS.Refs) {
    int Group = RS.IndexLoad ? -1 : Nest.Locality.Refs[RS.Ref].Group;
    auto [First, New] = GroupTag.try_emplace(Group, unsigned(Tags.size()));
    if (Group >= 0 && !New) {
      Tags.push_back(Tags[First->second]);
      TagValues.push_back(TagValues[First->second]);
      continue;
    }
    Tags.push_back(RS.IndexLoad ? 0 : nextTag(M));
    TagValues.push_back(RS.IndexLoad ? PB.getInt32(0)
                                     : PB.CreateAdd(Base, PB.getInt32(Tags.back()),
                                                    "oc.tag" + Twine(Tags.back())));
  }
}

/// Address of reference R at iteration It.
Value *NestRewriter::addrAt(IRBuilderBase &B, unsigned R, Value *It) {
  Value *Off = B.CreateMul(It, Steps[R] ? Steps[R] : B.getInt64(NS.Refs[R].Step));
  return B.CreateGEP(B.getInt8Ty(), BasePtrs[R], Off, "oc.addr");
}

/// The lowest address of the iterations [First, EndIt) (the last one when the
/// step is negative). A reference with a symbolic step gets one page per
/// iteration: its hints cover a single iteration, whatever the sign.
Value *NestRewriter::lowAddr(IRBuilderBase &B, unsigned R, Value *First, Value *EndIt) {
  if (NS.Refs[R].Step >= 0)
    return addrAt(B, R, First);
  return addrAt(B, R, B.CreateSub(EndIt, B.getInt64(1)));
}

/// The release address Addr, when Ok (and, for a run-time step, a page
/// stride) and the outer predicates hold.
NestRewriter::Guarded NestRewriter::relAddr(IRBuilderBase &B, unsigned R, Value *Ok,
                                            Value *Addr) {
  if (RelRebase[R])
    Addr = B.CreateGEP(B.getInt8Ty(), Addr, B.CreateNeg(RelRebase[R]), "oc.rel.page");
  return {both(B, both(B, Ok, PageStride[R]), RelGate[R]), Addr};
}

/// The prefetch address Addr, when Ok and the outer predicates hold.
NestRewriter::Guarded NestRewriter::pfAddr(IRBuilderBase &B, unsigned R, Value *Ok,
                                           Value *Addr) {
  if (PfRebase[R])
    Addr = B.CreateGEP(B.getInt8Ty(), Addr, B.CreateNeg(PfRebase[R]), "oc.pf.page");
  return {both(B, Ok, PfGate[R]), Addr};
}

/// Pages, or none where Ok fails (the runtime drops a hint of no pages): for
/// the block prolog and the final release, made once per entry of the pipeline
/// loop in the blocks the rewrite hangs on (P, E), which stay whole, and for row
/// streams, whose page counts load p[] whether or not they hint. The address is
/// not selected against null: a pointer in a select escapes for GlobalsAA, and
/// an array whose pointer a global holds lost its facts (distinct mallocs) in
/// the plain version too (a loop reading `field[g]` beside `vx[i]` was not
/// vectorized: 1.6x plain's time in core).
Value *NestRewriter::pagesIf(IRBuilderBase &B, Value *Ok, Value *Pages, const Twine &Name) {
  return Ok ? B.CreateSelect(Ok, Pages, ConstantInt::get(Pages->getType(), 0), Name) : Pages;
}

Value *NestRewriter::pagesFor(IRBuilderBase &B, unsigned R, Value *Iters) {
  int64_t Step = std::abs(NS.Refs[R].Step);
  if (!NS.Refs[R].Contiguous)
    return B.getInt64(1); // pages of such a reference are not contiguous
  // A run-time step is positive wherever the hint is issued (oc.rows).
  Value *Bytes = B.CreateMul(Iters, Steps[R] ? Steps[R] : B.getInt64(Step));
  return B.CreateUDiv(B.CreateAdd(Bytes, B.getInt64(Page - 1)), B.getInt64(Page),
                      "oc.pages");
}

/// A hint call carries the source location of the reference it serves, so
/// that remarks, debuggers and profilers point at the reference.
CallInst *NestRewriter::located(CallInst *Call, unsigned R) {
  ++NumHints;
  Call->setDebugLoc(Nest.IR.Accesses[NS.Refs[R].Ref]->getDebugLoc());
  return Call;
}

/// The bundled directive of reference R: either address may be absent (null).
CallInst *NestRewriter::callHint(IRBuilderBase &B, unsigned R, Value *Pf, Value *Rel,
                                 Value *Pages) {
  Value *Prio = B.getInt32(NS.Refs[R].Priority), *Tag = TagValues[R];
  if (Pf && Rel)
    return located(B.CreateCall(Cx.RT.PrefetchReleaseBlock, {Pf, Rel, Pages, Prio, Tag}), R);
  if (Pf)
    return located(B.CreateCall(Cx.RT.PrefetchBlock, {Pf, Pages, Prio, Tag}), R);
  if (Rel)
    return located(B.CreateCall(Cx.RT.ReleaseBlock, {Rel, Pages, Prio, Tag}), R);
  return nullptr;
}

/// The address of row stream R at the first k of iteration It of the
/// pipeline loop: Base + Step * p[It], with p[It] loaded (It <= tc: the
/// loop reads p[tc] as the last row's end).
Value *NestRewriter::rowAddr(IRBuilderBase &B, unsigned R, Value *It) {
  const RefSchedule &RS = NS.Refs[R];
  Value *At = B.CreateGEP(B.getInt8Ty(), RowBases[R],
                          B.CreateMul(It, B.CreateSExtOrTrunc(RowSteps[R], B.getInt64Ty())));
  Value *K = B.CreateAlignedLoad(RS.RowLoad->getType(), At, RS.RowLoad->getAlign(), "oc.row");
  K = RS.RowSigned ? B.CreateSExtOrTrunc(K, B.getInt64Ty()) : B.CreateZExtOrTrunc(K, B.getInt64Ty());
  return B.CreateGEP(B.getInt8Ty(), BasePtrs[R], B.CreateMul(K, B.getInt64(RS.Step)),
                     "oc.row.addr");
}

/// The block hint of row stream R over the iterations [First, EndIt) of the
/// pipeline loop: the pages from its first byte's to its last one's, or
/// (WholePages, releases behind) only those it covers entirely, as the next
/// row may still read the last one. No pages unless Ok.
CallInst *NestRewriter::rowHint(IRBuilderBase &B, unsigned R, bool Prefetch, Value *First,
                                Value *EndIt, Value *Ok, bool WholePages) {
  Value *Lo = rowAddr(B, R, First);
  Value *Hi = B.CreatePtrToInt(rowAddr(B, R, EndIt), B.getInt64Ty());
  if (!WholePages)
    Hi = B.CreateAdd(Hi, B.getInt64(Page - 1));
  Value *PageLo = B.CreateUDiv(B.CreatePtrToInt(Lo, B.getInt64Ty()), B.getInt64(Page));
  Value *Pages = B.CreateSub(B.CreateUDiv(Hi, B.getInt64(Page)), PageLo, "oc.row.pages");
  Guarded A = Prefetch ? pfAddr(B, R, Ok, Lo) : relAddr(B, R, Ok, Lo);
  Value *Prio = B.getInt32(NS.Refs[R].Priority);
  return located(B.CreateCall(Prefetch ? Cx.RT.PrefetchBlock : Cx.RT.ReleaseBlock,
                              {A.Addr, pagesIf(B, A.Ok, Pages, Prefetch ? "oc.pf" : "oc.rel"), Prio,
                               TagValues[R]}),
                 R);
}

/// Prolog: the first Distance iterations in one block prefetch.
void NestRewriter::emitBlockProlog() {
  assert(TC && TagValues.size() == NS.Refs.size() && "addresses and tags first");
  Value *Pro = nullptr;
  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    const RefSchedule &RS = NS.Refs[R];
    if (!RS.Prefetch || !RS.Contiguous)
      continue; // a page per iteration: the page prolog
    if (!Pro)
      Pro = PB.CreateBinaryIntrinsic(Intrinsic::umin, DV, TC);
    if (RS.RowAt) {
      rowHint(PB, R, /*Prefetch=*/true, PB.getInt64(0), Pro, nullptr, false);
      continue;
    }
    Guarded A = pfAddr(PB, R, nullptr, lowAddr(PB, R, PB.getInt64(0), Pro));
    Value *Pages = pagesIf(PB, A.Ok, pagesFor(PB, R, Pro), "oc.pf");
    located(PB.CreateCall(Cx.RT.PrefetchBlock,
                          {A.Addr, Pages, PB.getInt32(RS.Priority), TagValues[R]}),
            R);
  }
}

/// The strip loop around L: its header oc.strip and latch oc.strip.latch;
/// values of L that cross strips go through phis of oc.strip (in) and
/// LCSSA phis of oc.strip.latch (out).
void NestRewriter::buildStripLoop() {
  assert(!SH && "one strip loop per rewrite");
  LLVMContext &Ctx = M.getContext();
  SH = BasicBlock::Create(Ctx, "oc.strip", &Cx.F, H);
  Lx = BasicBlock::Create(Ctx, "oc.strip.latch", &Cx.F, E);
  PT->replaceUsesOfWith(H, SH);

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

  S = SB.CreatePHI(SB.getInt64Ty(), 2, "oc.s");
  S->addIncoming(SB.getInt64(0), P);
  End = SB.CreateBinaryIntrinsic(Intrinsic::umin, SB.CreateAdd(S, StripV), TC,
                                 {}, "oc.e");
  S->addIncoming(End, Lx);
}

/// Steady state: one call per reference and strip, in oc.strip.
void NestRewriter::emitSteadyState() {
  assert(S && End && SH->getTerminator() == nullptr && "strip header open");
  Steady.assign(NS.Refs.size(), nullptr);
  IRBuilder<> SB(BranchInst::Create(H, SH)); // the hints may branch: before the end
  Value *PfIt = SB.CreateAdd(S, DV, "oc.pf.it");
  Value *PfOk = SB.CreateICmpULT(PfIt, TC);
  Value *PfEnd = SB.CreateBinaryIntrinsic(Intrinsic::umin, SB.CreateAdd(PfIt, StripV), TC);
  Value *NotFirst = SB.CreateICmpNE(S, SB.getInt64(0));
  Value *RelIt = SB.CreateSub(S, StripV, "oc.rel.it");
  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    const RefSchedule &RS = NS.Refs[R];
    if (RS.PerIteration)
      continue;
    if (RS.RowAt) {
      // Both ends at most tc: p[] is read only where the loop reads it.
      if (RS.Prefetch)
        Steady[R] = rowHint(SB, R, true, SB.CreateBinaryIntrinsic(Intrinsic::umin, PfIt, TC),
                            PfEnd, PfOk, false);
      if (RS.Release) {
        CallInst *Rel = rowHint(SB, R, false, SB.CreateSelect(NotFirst, RelIt, S), S, NotFirst,
                                true);
        Steady[R] = Steady[R] ? Steady[R] : Rel;
      }
      continue;
    }
    Guarded Pf = RS.Prefetch ? pfAddr(SB, R, PfOk, lowAddr(SB, R, PfIt, PfEnd)) : Guarded();
    Guarded Rel = RS.Release ? relAddr(SB, R, NotFirst, lowAddr(SB, R, RelIt, S)) : Guarded();
    Steady[R] = emitHint(SB, R, Pf, Rel, StripPages[R]);
  }
}

/// The original loop runs over [s, e): a counter of its own; the strip
/// latch ends the strip loop at the trip count.
void NestRewriter::rewireOriginalLoop() {
  assert(SH->getTerminator() && "steady state emitted");
  auto *BrOld = cast<BranchInst>(Lt->getTerminator());
  C = PHINode::Create(S->getType(), 2, "oc.c", H->getFirstNonPHIIt());
  C->addIncoming(S, L->getLoopPreheader()); // SH, or the last block of its hints
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
}

/// Final release of the last strip, in the exit.
void NestRewriter::emitFinalRelease() {
  assert(Lx->getTerminator() && "strip loop closed");
  IRBuilder<> EB(E, E->getFirstInsertionPt());
  PHINode *SLast = nullptr, *ELast = nullptr;
  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    const RefSchedule &RS = NS.Refs[R];
    if (!RS.Release)
      continue;
    if (!SLast) {
      IRBuilder<> PhiB(E, E->begin());
      SLast = PhiB.CreatePHI(S->getType(), 1, "oc.s.last");
      SLast->addIncoming(S, Lx);
      ELast = PhiB.CreatePHI(S->getType(), 1, "oc.e.last");
      ELast->addIncoming(End, Lx);
    }
    if (RS.RowAt) {
      rowHint(EB, R, /*Prefetch=*/false, SLast, ELast, nullptr, false);
      continue;
    }
    // A per-iteration reference has only its last iteration left.
    Value *First = RS.PerIteration ? EB.CreateSub(ELast, EB.getInt64(1)) : SLast;
    Value *Iters = EB.CreateSub(ELast, First);
    Guarded A = relAddr(EB, R, nullptr, lowAddr(EB, R, First, ELast));
    located(EB.CreateCall(Cx.RT.ReleaseBlock,
                          {A.Addr, pagesIf(EB, A.Ok, pagesFor(EB, R, Iters), "oc.rel"),
                           EB.getInt32(RS.Priority), TagValues[R]}),
            R);
  }
}

/// LoopInfo: the strip loop sits between L and its parent.
void NestRewriter::updateLoopInfo() {
  assert(Lx->getTerminator() && !Cx.LI.getLoopFor(SH) && "strip loop not yet known");
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
  // The blocks of the steady state's hint branches, from SH to L's header.
  SmallVector<BasicBlock *, 8> Hints{SH};
  for (size_t K = 0; K < Hints.size(); ++K)
    for (BasicBlock *Succ : successors(Hints[K]))
      if (Succ != H && !is_contained(Hints, Succ)) {
        Hints.push_back(Succ);
        StripL->addBasicBlockToLoop(Succ, Cx.LI);
      }
  // The edges buildStripLoop and rewireOriginalLoop changed; the tree takes
  // the hint branches with SH.
  DTU.applyUpdates({{DominatorTree::Delete, P, H},
                    {DominatorTree::Insert, P, SH},
                    {DominatorTree::Insert, L->getLoopPreheader(), H},
                    {DominatorTree::Delete, Lt, E},
                    {DominatorTree::Insert, Lt, Lx},
                    {DominatorTree::Insert, Lx, E},
                    {DominatorTree::Insert, Lx, SH}});
  assert(Cx.DT.verify(DominatorTree::VerificationLevel::Fast) && "strip loop's dominators");
  formLCSSARecursively(*StripL, Cx.DT, &Cx.LI, &Cx.SE);
  Cx.SE.forgetTopmostLoop(StripL);
}

/// oc_prefetch(&a[b[It]]) of the indirect reference R (TOCS Fig. 9); null
/// when a[b[It]] cannot be expanded there (Schedule checked that the rest
/// is defined before the loop).
CallInst *NestRewriter::indirectPrefetch(IRBuilderBase &B, unsigned R, Value *It) {
  const RefSchedule &RS = NS.Refs[R];
  assert(RS.IndexLoad && "an indirect reference");
  LoadInst *Index = B.CreateAlignedLoad(RS.IndexLoad->getType(), addrAt(B, R, It),
                                        RS.IndexLoad->getAlign(), "oc.ind");
  ValueToSCEVMapTy Map;
  Map[RS.IndexLoad] = Cx.SE.getUnknown(Index);
  const SCEV *Target = SCEVParameterRewriter::rewrite(RS.Target, Cx.SE, Map);
  if (!Exp.isSafeToExpand(Target)) {
    Index->eraseFromParent();
    return nullptr;
  }
  Value *Addr = Exp.expandCodeFor(Target, B.getPtrTy(), &*B.GetInsertPoint());
  return located(B.CreateCall(Cx.RT.Prefetch, {Addr}), R);
}

/// Hints once per iteration of the original loop, d = IterDistance ahead:
/// - indirect (TOCS Fig. 9): oc_prefetch(&a[b[min(c + d, tc - 1)]]). The
///   index load is clamped to the last iteration, whose b[i] the loop reads
///   itself: a load past the end of b would fault, unlike a hint;
/// - a stride of a page or more: its page d iterations ahead, and the page of
///   the previous iteration released.
/// Emitted once LoopInfo and the dominator tree describe the new loops:
/// expanding a[b[i]] may ask ScalarEvolution about enclosing loops.
void NestRewriter::emitPerIterationHints() {
  assert(Cx.LI.getLoopFor(SH) && "LoopInfo updated first");
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
      Guarded Pf = RS.Prefetch ? pfAddr(HB, R, PfOk, addrAt(HB, R, Ahead)) : Guarded();
      Guarded Rel = RS.Release ? relAddr(HB, R, NotFirst,
                                         addrAt(HB, R, HB.CreateSub(C, HB.getInt64(1))))
                               : Guarded();
      Steady[R] = emitHint(HB, R, Pf, Rel, HB.getInt64(1));
      continue;
    }
    if (!IndIt)
      IndIt = HB.CreateBinaryIntrinsic(
          Intrinsic::umin, Ahead, PB.CreateSub(TC, PB.getInt64(1), "oc.tc.last"), {},
          "oc.ind.it");
    Steady[R] = indirectPrefetch(HB, R, IndIt);
  }
}

/// Prolog of the references hinted a page per iteration: their first
/// iterations, one prefetch each, in a loop before the strip loop
///   oc.prolog: k = phi [0, P], [k + 1, oc.prolog]
///              hints of iteration k (k < d of that reference)
///              br (k + 1 < min(max d, tc)), oc.prolog, <old preheader>
/// k stays below tc, so an index load b[k] reads only what the loop reads.
void NestRewriter::emitPageProlog() {
  assert(Steady.size() == NS.Refs.size() && "steady state emitted");
  std::vector<int64_t> ProIters(NS.Refs.size(), 0);
  int64_t MaxPro = 0;
  for (size_t R = 0; R < NS.Refs.size(); ++R)
    if (NS.Refs[R].Prefetch && !NS.Refs[R].Contiguous) {
      ProIters[R] = NS.Refs[R].PerIteration ? NS.IterDistance : D;
      MaxPro = std::max(MaxPro, ProIters[R]);
    }
  if (MaxPro == 0)
    return;
  Value *ProEnd = PB.CreateBinaryIntrinsic(Intrinsic::umin, PB.getInt64(MaxPro), TC, {},
                                           "oc.prolog.end");
  BasicBlock *ProExit =
      SplitBlock(P, P->getTerminator(), &Cx.DT, &Cx.LI, nullptr, "oc.prolog.exit");
  BasicBlock *ProBB = BasicBlock::Create(M.getContext(), "oc.prolog", &Cx.F, ProExit);
  P->getTerminator()->setSuccessor(0, ProBB);
  IRBuilder<> KB(ProBB);
  PHINode *K = KB.CreatePHI(KB.getInt64Ty(), 2, "oc.k");
  K->addIncoming(KB.getInt64(0), P);
  Value *KNext = KB.CreateAdd(K, KB.getInt64(1), "oc.k.next");
  K->addIncoming(KNext, ProBB);
  BranchInst *ProBr = KB.CreateCondBr(KB.CreateICmpULT(KNext, ProEnd), ProBB, ProExit);
  Loop *ProL = Cx.LI.AllocateLoop();
  if (Loop *Parent = Cx.LI.getLoopFor(P))
    Parent->addChildLoop(ProL);
  else
    Cx.LI.addTopLevelLoop(ProL);
  ProL->addBasicBlockToLoop(ProBB, Cx.LI);
  DTU.applyUpdates({{DominatorTree::Delete, P, ProExit},
                    {DominatorTree::Insert, P, ProBB},
                    {DominatorTree::Insert, ProBB, ProExit}});
  assert(Cx.DT.verify(DominatorTree::VerificationLevel::Fast) && "prolog's dominators");
  KB.SetInsertPoint(ProBr);
  for (size_t R = 0; R < NS.Refs.size(); ++R) {
    if (!ProIters[R])
      continue;
    if (NS.Refs[R].IndexLoad) {
      indirectPrefetch(KB, R, K);
      continue;
    }
    Value *InProlog =
        ProIters[R] < MaxPro ? KB.CreateICmpULT(K, KB.getInt64(ProIters[R])) : nullptr;
    emitHint(KB, R, pfAddr(KB, R, InProlog, addrAt(KB, R, K)), Guarded(), KB.getInt64(1));
  }
}

/// SplitBlockAndInsertIfThen (Else null) or ...IfThenElse at At, with DT kept
/// by hand where it knows At's block: the arms and the tail hang under the
/// block split, which hands the tail what it dominated. A local change,
/// where a DomTreeUpdater, given these few edges, rebuilds a small tree.
static void branchAt(Value *Cond, Instruction *At, Instruction **Then, Instruction **Else,
                     DominatorTree &DT, LoopInfo &LI) {
  BasicBlock *Head = At->getParent();
  if (Else)
    SplitBlockAndInsertIfThenElse(Cond, At, Then, Else, nullptr, nullptr, &LI);
  else
    *Then = SplitBlockAndInsertIfThen(Cond, At, false, nullptr, nullptr, &LI);
  DomTreeNode *HeadN = DT.getNode(Head);
  if (!HeadN)
    return;
  BasicBlock *Tail = At->getParent();
  SmallVector<DomTreeNode *, 4> Dominated(HeadN->children());
  DomTreeNode *TailN = DT.addNewBlock(Tail, Head);
  for (DomTreeNode *N : Dominated)
    DT.changeImmediateDominator(N, TailN);
  for (BasicBlock *Arm : successors(Head))
    if (Arm != Tail)
      DT.addNewBlock(Arm, Head);
  assert(DT.verify(DominatorTree::VerificationLevel::Fast) && "hint branches' dominators");
}

/// The hint of reference R at B, made as calls of only the addresses whose
/// ok holds, and no call when none does: the runtime drops a null address,
/// but each is a call, and half of a short column walk's would be. The
/// branches cost what a select would in the common case. B goes on after
/// them. Returns the call with every address (the one a remark describes).
CallInst *NestRewriter::emitHint(IRBuilderBase &B, unsigned R, Guarded Pf, Guarded Rel,
                                 Value *Pages) {
  if (!Pf.Ok && !Rel.Ok)
    return callHint(B, R, Pf.Addr, Rel.Addr, Pages);
  // The strip header joins the dominator tree and LoopInfo in
  // updateLoopInfo, with its branches; L's header and the prolog are known.
  Instruction *Next = &*B.GetInsertPoint();
  // Both sides as wanted, each alone, or neither, by the oks: the first
  // ok's true branch holds the calls with its side.
  Value *First = Pf.Ok ? Pf.Ok : Rel.Ok, *Second = Pf.Ok ? Rel.Ok : nullptr;
  Instruction *With, *Without;
  branchAt(First, Next, &With, &Without, Cx.DT, Cx.LI);
  Next->getParent()->setName("oc.hinted");
  auto Hint = [&](Instruction *At, Value *P, Value *Q) {
    At->getParent()->setName(P && Q ? "oc.both" : P ? "oc.pf.only" : "oc.rel.only");
    IRBuilder<> HB(At);
    return callHint(HB, R, P, Q, Pages);
  };
  CallInst *All = nullptr;
  if (!Second) { // one ok: its side with the other (if any), or the other alone
    All = Hint(With, Pf.Addr, Rel.Addr);
    if (Pf.Ok ? Rel.Addr != nullptr : Pf.Addr != nullptr)
      Hint(Without, Pf.Ok ? nullptr : Pf.Addr, Pf.Ok ? Rel.Addr : nullptr);
  } else {
    Instruction *Both, *PfOnly;
    With->getParent()->setName("oc.pf.ok");
    Without->getParent()->setName("oc.pf.none");
    branchAt(Second, With, &Both, &PfOnly, Cx.DT, Cx.LI);
    With->getParent()->setName("oc.pf.done");
    All = Hint(Both, Pf.Addr, Rel.Addr);
    Hint(PfOnly, Pf.Addr, nullptr);
    Instruction *RelOnly;
    branchAt(Second, Without, &RelOnly, nullptr, Cx.DT, Cx.LI);
    Hint(RelOnly, nullptr, Rel.Addr);
    Without->getParent()->setName("oc.pf.none.done");
  }
  B.SetInsertPoint(Next);
  return All;
}

void NestRewriter::emitRemarks() {
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
}

} // namespace outcore
