//===- Schedule.cpp - Pipeline loop, prefetch distance, strip size --------===//

#include "Schedule.h"

#include "AddRecChain.h"
#include "Footprint.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <algorithm>
#include <limits>

#define DEBUG_TYPE "outcore"

using namespace llvm;

namespace outcore {

int64_t prefetchDistance(int64_t Lm, int64_t S, int64_t Lp) {
  int64_t Den = std::max<int64_t>(1, S + Lp);
  return std::max<int64_t>(1, (Lm + Den - 1) / Den);
}

namespace {

int64_t countInstructions(const BasicBlock *BB) {
  int64_t N = 0;
  for (const Instruction &I : *BB)
    if (!isa<PHINode>(I) && !isa<DbgInfoIntrinsic>(I))
      ++N;
  return N;
}

constexpr int64_t Infinite = std::numeric_limits<int64_t>::max() / 4;

/// Shortest path from Node (a block directly in L, or the header of a child
/// loop standing for the whole child) to L's latch, without back edges.
struct PathFinder {
  const Loop *L;
  ScalarEvolution &SE;
  DenseMap<const BasicBlock *, int64_t> Memo;
  SmallPtrSet<const BasicBlock *, 16> Active;
  PathFinder(const Loop *L, ScalarEvolution &SE) : L(L), SE(SE) {}

  int64_t weight(const BasicBlock *BB, const Loop *&Child) {
    Child = nullptr;
    for (const Loop *C : L->getSubLoops())
      if (C->contains(BB)) {
        Child = C;
        break;
      }
    if (!Child)
      return countInstructions(BB);
    int64_t Inner = shortestPathInstructions(Child, SE);
    unsigned Trip = SE.getSmallConstantTripCount(const_cast<Loop *>(Child));
    return Inner * std::max<int64_t>(1, Trip);
  }

  int64_t dist(const BasicBlock *BB) {
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second;
    if (!Active.insert(BB).second)
      return Infinite; // irreducible: ignore this path
    const Loop *Child;
    int64_t W = weight(BB, Child);
    int64_t Best = Infinite;
    if (BB == L->getLoopLatch()) {
      Best = 0;
    } else {
      SmallVector<const BasicBlock *, 4> Succs;
      if (Child) {
        SmallVector<BasicBlock *, 4> Exits;
        Child->getUniqueExitBlocks(Exits);
        Succs.append(Exits.begin(), Exits.end());
      } else {
        for (const BasicBlock *S : successors(BB))
          Succs.push_back(S);
      }
      for (const BasicBlock *S : Succs) {
        if (S == L->getHeader() || !L->contains(S))
          continue;
        // A block of a child loop stands for the child: enter at its header.
        const BasicBlock *Node = S;
        for (const Loop *C : L->getSubLoops())
          if (C->contains(S))
            Node = C->getHeader();
        Best = std::min(Best, dist(Node));
      }
    }
    Active.erase(BB);
    int64_t R = Best >= Infinite ? Infinite : Best + W;
    Memo[BB] = R;
    return R;
  }
};

bool inNest(const AnalyzedNest &Nest, const Loop *L) {
  return L && llvm::is_contained(Nest.IR.Loops, L);
}

/// The reference's address as {Base,+,Step}<L> with inner loops at their
/// first iteration; Step 0 when the address does not change along L.
struct AtLoop {
  const SCEV *Base = nullptr;
  const SCEV *StepS = nullptr; ///< bytes per iteration, invariant in L
  std::optional<int64_t> Step; ///< nullopt: not a constant step
  /// Bytes spanned by the inner loops in one iteration of L (large when a
  /// trip count is unknown): at least |Step| means one contiguous stream.
  int64_t InnerExtent = 0;
};

std::optional<AtLoop> addressAt(const Instruction *Access, const Loop *L,
                                ScalarEvolution &SE) {
  const Value *Ptr = getLoadStorePointerOperand(Access);
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return std::nullopt;
  const SCEV *S = SE.getSCEV(const_cast<Value *>(Ptr));
  AtLoop R;
  R.InnerExtent = static_cast<int64_t>(
      Access->getModule()->getDataLayout().getTypeStoreSize(getLoadStoreType(const_cast<Instruction *>(Access))));
  S = walkAddRecChain(S, L, [&](const SCEVAddRecExpr *AR) {
    if (AR->getLoop() == L)
      return false;
    unsigned Trip = SE.getSmallConstantTripCount(AR->getLoop());
    auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!Trip || !C || C->getAPInt().getSignificantBits() > 32)
      R.InnerExtent = int64_t(1) << 40;
    else if (R.InnerExtent < (int64_t(1) << 40))
      R.InnerExtent += std::abs(C->getAPInt().getSExtValue()) * (int64_t(Trip) - 1);
    return true;
  });
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->getLoop() == L) {
    if (!AR->isAffine())
      return std::nullopt;
    R.Base = AR->getStart();
    R.StepS = AR->getStepRecurrence(SE);
    if (auto *C = dyn_cast<SCEVConstant>(R.StepS))
      if (C->getAPInt().getSignificantBits() <= 40)
        R.Step = C->getAPInt().getSExtValue();
  } else {
    if (!SE.isLoopInvariant(S, L))
      return std::nullopt;
    R.Base = S;
    R.StepS = SE.getZero(SE.getEffectiveSCEVType(S->getType()));
    R.Step = 0;
  }
  // Everything left must not depend on loops inside L.
  if (!SE.isLoopInvariant(R.Base, L) || !SE.isLoopInvariant(R.StepS, L) ||
      SE.getTypeSizeInBits(R.StepS->getType()) > 64)
    return std::nullopt;
  return R;
}

/// The prefetch of the indirect reference R in the pipeline loop L, if the
/// index load b[i] is affine in L and runs in every iteration of L (so that
/// reading it ahead, up to the last iteration, reads nothing the loop does
/// not), and a[b[i]] depends on nothing else that changes in L.
std::optional<RefSchedule> scheduleIndirect(const AnalyzedNest &Nest, unsigned R,
                                            const Loop *L, DominatorTree &DT,
                                            ScalarEvolution &SE, SCEVExpander &Probe,
                                            Instruction *Preheader) {
  auto *Index = dyn_cast<LoadInst>(Nest.IR.IndexLoads[R]);
  Instruction *Access = Nest.IR.Accesses[R];
  if (!Index || !Index->isSimple() || !L->contains(Index) || !L->contains(Access) ||
      !DT.dominates(Index->getParent(), L->getLoopLatch()))
    return std::nullopt;
  auto A = addressAt(Index, L, SE);
  if (!A || !A->Step || *A->Step == 0 || !Probe.isSafeToExpandAt(A->Base, Preheader))
    return std::nullopt;
  const SCEV *Target = SE.getSCEV(const_cast<Value *>(getLoadStorePointerOperand(Access)));
  bool Other = SCEVExprContains(Target, [&](const SCEV *X) {
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(X))
      return L->contains(AR->getLoop());
    if (auto *U = dyn_cast<SCEVUnknown>(X))
      if (auto *I = dyn_cast<Instruction>(U->getValue()))
        return I != Index && L->contains(I);
    return false;
  });
  if (Other)
    return std::nullopt;
  RefSchedule RS;
  RS.Ref = R;
  RS.Base = A->Base;
  RS.Step = *A->Step;
  RS.StepS = A->StepS;
  RS.Pages = 1;
  RS.Prefetch = true;
  RS.Release = false;
  RS.Contiguous = false;
  RS.PerIteration = true;
  RS.Priority = Nest.Locality.Refs[R].Priority;
  RS.IndexLoad = Index;
  RS.Target = Target;
  return RS;
}

/// A reference that wants hints, and which.
struct Candidate {
  unsigned Ref;
  bool Prefetch, Release;
};

/// References that want hints (TOCS 3.1.4): leading ones prefetch, trailing
/// ones release; indirect ones are prefetched in the loop the dense ones
/// choose (TOCS Fig. 9), and so are streams from a loaded start (Rows) and
/// references through row pointers the pipeline loop loads.
/// Within: only those inside this loop.
void collectCandidates(const AnalyzedNest &Nest, const Loop *Within,
                       std::vector<Candidate> &Cands, std::vector<unsigned> &Indirect,
                       std::vector<unsigned> &Rows) {
  const NestModel &Model = Nest.IR.Model;
  for (unsigned R = 0; R < Model.Refs.size(); ++R) {
    const RefLocality &RL = Nest.Locality.Refs[R];
    if (!RL.Hints || RL.Role == GroupRole::Member)
      continue;
    bool Pf = !RL.PrefetchPredicate.isFalse() && RL.Role != GroupRole::Trailer;
    bool Rel = !RL.ReleasePredicate.isFalse() && RL.Role != GroupRole::Leader;
    if (Within && !(Nest.IR.Accesses[R] && Within->contains(Nest.IR.Accesses[R])))
      continue;
    if (Model.Refs[R].Indirect) {
      if (Pf && Nest.IR.Accesses[R] && Nest.IR.IndexLoads[R])
        Indirect.push_back(R);
      continue;
    }
    // a[i][j] through row pointers: dense where the pipeline loop stays in a
    // row, prefetched as a[b[i]] is where it loads the row pointer (a column).
    if (Model.Refs[R].RowPointers && Pf && Nest.IR.Accesses[R])
      Indirect.push_back(R);
    if (Model.Refs[R].LoadedBase) {
      if ((Pf || Rel) && Nest.IR.Accesses[R])
        Rows.push_back(R);
      continue;
    }
    if ((Pf || Rel) && Nest.IR.Accesses[R])
      Cands.push_back({R, Pf, Rel});
  }
}

/// The strip size from the fastest reference with spatial reuse in the
/// pipeline loop NS.Pipeline, and the RefSchedule of each candidate whose
/// address Probe can compute in its preheader. False when there is none.
/// ShortRows: the loop the pipeline moved out of in the short-row copy, whose
/// rows are shorter than a block at run time; a reference inside it with a
/// run-time step is a stream of such rows, its strip sized at run time.
bool placeReferences(const AnalyzedNest &Nest, const std::vector<Candidate> &Cands,
                     ScalarEvolution &SE, SCEVExpander &Probe, int64_t Page,
                     int64_t BlockBytes, const Loop *ShortRows, NestSchedule &NS) {
  Loop *L = NS.Pipeline;
  Instruction *Preheader = L->getLoopPreheader()->getTerminator();
  struct Placed {
    Candidate C;
    AtLoop A;
  };
  std::vector<Placed> Small, Big;
  bool RunTimeRows = false;
  for (const Candidate &C : Cands) {
    const Instruction *Access = Nest.IR.Accesses[C.Ref];
    auto A = addressAt(Access, L, SE);
    if (!A || A->StepS->isZero() || !Probe.isSafeToExpandAt(A->Base, Preheader) ||
        !Probe.isSafeToExpandAt(A->StepS, Preheader))
      continue;
    if (!A->Step) {
      // A run-time stride: a stream of short rows in the short-row copy; a
      // page per iteration when what one iteration touches is known to be
      // small; else its pages are not known here.
      bool Rows = ShortRows && ShortRows->contains(Access);
      if (Rows || A->InnerExtent < Page)
        (Rows ? Small : Big).push_back({C, *A});
      RunTimeRows |= Rows;
      continue;
    }
    bool Dense = std::abs(*A->Step) < Page || A->InnerExtent >= std::abs(*A->Step);
    (Dense ? Small : Big).push_back({C, *A});
  }
  int64_t MaxSmall = 1;
  for (const Placed &P : Small)
    MaxSmall = std::max<int64_t>(MaxSmall, std::abs(P.A.Step.value_or(0)));
  // Strips follow the dense references; strided ones among them get their
  // page once per iteration. Rows of a run-time length: the strip's
  // iterations from the largest step, at run time.
  NS.Strip = Small.empty() || RunTimeRows ? 1 : std::max<int64_t>(1, BlockBytes / MaxSmall);
  if (RunTimeRows) {
    Type *I64 = Type::getInt64Ty(L->getHeader()->getContext());
    const SCEV *Max = SE.getConstant(I64, MaxSmall);
    for (const Placed &P : Small)
      if (!P.A.Step)
        Max = SE.getUMaxExpr(Max, SE.getAbsExpr(SE.getNoopOrSignExtend(P.A.StepS, I64),
                                                /*IsNSW=*/false));
    NS.StripStep = Max;
  }
  std::vector<Placed> Chosen = Small;
  Chosen.insert(Chosen.end(), Big.begin(), Big.end());
  if (Chosen.empty())
    return false;
  for (const Placed &P : Chosen) {
    RefSchedule RS;
    RS.Ref = P.C.Ref;
    RS.Base = P.A.Base;
    RS.Step = P.A.Step.value_or(0);
    RS.StepS = P.A.StepS;
    RS.Contiguous = llvm::any_of(Small, [&](const Placed &Q) { return Q.C.Ref == P.C.Ref; });
    RS.PerIteration = !RS.Contiguous && !Small.empty();
    int64_t Bytes = RS.Step ? NS.Strip * std::abs(RS.Step) : BlockBytes;
    RS.Pages = RS.Contiguous ? std::max<int64_t>(1, (Bytes + Page - 1) / Page) : 1;
    RS.Prefetch = P.C.Prefetch;
    RS.Release = P.C.Release;
    RS.Priority = Nest.Locality.Refs[P.C.Ref].Priority;
    NS.Refs.push_back(RS);
  }
  return true;
}

/// The indirect references (TOCS Fig. 9) prefetched in the pipeline loop.
/// A load and a store of a[b[i]] read b[i] twice: one prefetch for both.
void addIndirect(const AnalyzedNest &Nest, const std::vector<unsigned> &Indirect,
                 DominatorTree &DT, ScalarEvolution &SE, SCEVExpander &Probe,
                 NestSchedule &NS) {
  Loop *L = NS.Pipeline;
  Instruction *Preheader = L->getLoopPreheader()->getTerminator();
  auto Same = [&](const RefSchedule &X, const RefSchedule &Y) {
    ValueToSCEVMapTy Map;
    Map[X.IndexLoad] = SE.getUnknown(Y.IndexLoad);
    return X.Base == Y.Base && X.Step == Y.Step &&
           X.IndexLoad->getType() == Y.IndexLoad->getType() &&
           SCEVParameterRewriter::rewrite(X.Target, SE, Map) == Y.Target;
  };
  size_t Dense = NS.Refs.size();
  for (unsigned R : Indirect)
    if (auto RS = scheduleIndirect(Nest, R, L, DT, SE, Probe, Preheader))
      if (std::none_of(NS.Refs.begin() + Dense, NS.Refs.end(),
                       [&](const RefSchedule &Y) { return Same(*RS, Y); }))
        NS.Refs.push_back(*RS);
}

/// The streams from a loaded start (val[k], k from p[r] to p[r + 1]) whose
/// rows the pipeline loop walks: one block hint per strip each, from p[]
/// read at the strip's ends. A step of a page or more is not a stream.
void addRowStreams(const AnalyzedNest &Nest, const std::vector<unsigned> &Rows,
                   ScalarEvolution &SE, SCEVExpander &Probe, int64_t Page, NestSchedule &NS) {
  Loop *L = NS.Pipeline;
  Instruction *Preheader = L->getLoopPreheader()->getTerminator();
  for (unsigned R : Rows) {
    Instruction *Access = Nest.IR.Accesses[R];
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(getLoadStorePointerOperand(Access)));
    auto *Step = AR ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
    std::optional<RowWalk> W = AR ? rowWalk(AR->getLoop(), L, SE) : std::nullopt;
    const SCEV *Base = W ? rowStreamBase(AR, *W, SE) : nullptr;
    if (!Base || !Step || Step->getAPInt().isNonPositive() || Step->getAPInt().sge(Page) ||
        !Probe.isSafeToExpandAt(Base, Preheader) ||
        !Probe.isSafeToExpandAt(W->FirstAt->getStart(), Preheader) ||
        !Probe.isSafeToExpandAt(W->FirstAt->getStepRecurrence(SE), Preheader))
      continue;
    const RefLocality &RL = Nest.Locality.Refs[R];
    RefSchedule RS;
    RS.Ref = R;
    RS.Base = Base;
    RS.Step = Step->getAPInt().getSExtValue();
    RS.StepS = Step;
    RS.Pages = 1; // at least; the strip's rows say how many at run time
    RS.Prefetch = !RL.PrefetchPredicate.isFalse();
    RS.Release = !RL.ReleasePredicate.isFalse();
    RS.Priority = RL.Priority;
    RS.RowAt = W->FirstAt;
    RS.RowLoad = W->First;
    RS.RowSigned = W->Signed;
    NS.Refs.push_back(RS);
  }
}

/// Why the transform cannot rewrite the pipeline loop L safely, or "".
std::string shapeRefusal(const Loop *L) {
  BasicBlock *Latch = L->getLoopLatch();
  if (!L->isLoopSimplifyForm() || !Latch || L->getExitingBlock() != Latch ||
      !L->getUniqueExitBlock())
    return "the pipeline loop has more than one exit or is not in simplified form";
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional())
    return "the pipeline loop does not end in a conditional branch";
  return "";
}

/// Sweeps inside a loop L that moves some of them nowhere (a time loop
/// around `B = f(A); A = f(B)`, TOCS Fig. 14): no single pipeline loop serves
/// them, so each child loop holding hinted references becomes a pipeline of
/// its own; reuse across the outer loop is the localized space's decision.
/// Empty when L can be the pipeline loop.
std::vector<Loop *> independentParts(const AnalyzedNest &Nest,
                                     const std::vector<Candidate> &Cands, Loop *L,
                                     ScalarEvolution &SE) {
  SmallVector<Loop *, 4> Parts;
  bool SomeInvariant = false;
  for (const Candidate &C : Cands) {
    BasicBlock *Block = Nest.IR.Accesses[C.Ref]->getParent();
    if (!L->contains(Block))
      continue;
    auto A = addressAt(Nest.IR.Accesses[C.Ref], L, SE);
    SomeInvariant |= A && A->StepS->isZero();
    for (Loop *Child : L->getSubLoops())
      if (Child->contains(Block) && !llvm::is_contained(Parts, Child))
        Parts.push_back(Child);
  }
  if (SomeInvariant && Parts.size() > 1)
    return {Parts.begin(), Parts.end()};
  return {};
}

} // namespace

int64_t shortestPathInstructions(const Loop *L, ScalarEvolution &SE) {
  PathFinder PF(L, SE);
  int64_t D = PF.dist(L->getHeader());
  return D >= Infinite ? 1 : std::max<int64_t>(1, D);
}

NestSchedule scheduleNest(const AnalyzedNest &Nest, const OutcoreParams &Params,
                          LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE,
                          const Loop *OutwardOf, Loop *Within) {
  assert((!Within || inNest(Nest, Within)) && "a part is a loop of the nest");
  NestSchedule NS;
  NS.Within = Within;
  const int64_t Page = Params.Machine.PageSize;
  const int64_t BlockBytes = Params.blockBytes();

  // References that want hints (TOCS 3.1.4).
  std::vector<Candidate> Cands;
  std::vector<unsigned> Indirect, Rows;
  collectCandidates(Nest, Within, Cands, Indirect, Rows);
  if (Cands.empty()) {
    NS.Reason = !Indirect.empty()
                    ? "only indirect references need hints: no dense reference "
                      "gives a loop to pipeline"
                    : "no reference needs prefetch or release hints";
    return NS;
  }

  // Start in the innermost loop around the deepest hinted references: the
  // largest data is walked there (a column of a[i][j], a row of A[i*cols+j]).
  // References outside the pipeline loop finally chosen get no hints.
  auto BlockOf = [&](const Candidate &C) { return Nest.IR.Accesses[C.Ref]->getParent(); };
  unsigned Deepest = 0;
  for (const Candidate &C : Cands)
    Deepest = std::max(Deepest, LI.getLoopDepth(BlockOf(C)));
  Loop *L = nullptr;
  for (const Candidate &C : Cands) {
    if (LI.getLoopDepth(BlockOf(C)) != Deepest)
      continue;
    if (!L)
      L = LI.getLoopFor(BlockOf(C));
    while (L && !L->contains(BlockOf(C)))
      L = L->getParentLoop();
  }
  if (!inNest(Nest, L)) {
    NS.Reason = "the hinted references are not inside one loop of the nest";
    return NS;
  }
  // Loops the walk outward may reach: the nest, or the part scheduled.
  auto Reachable = [&](const Loop *P) {
    return inNest(Nest, P) && (!Within || Within->contains(P));
  };

  // Sweeps inside a loop that moves some of them nowhere: a pipeline each.
  NS.Parts = independentParts(Nest, Cands, L, SE);
  if (!NS.Parts.empty())
    return NS;

  // TOCS Fig. 8: move outward while the loop changes no hinted address or
  // touches less than a block. A symbolic step (a run-time row length) counts
  // as a block or more, as unknown trip counts do.
  int64_t MaxStep = 0;
  bool SymbolicStep = false;
  for (;;) {
    MaxStep = 0;
    SymbolicStep = false;
    bool Varies = false;
    for (const Candidate &C : Cands)
      if (L->contains(BlockOf(C)))
        if (auto A = addressAt(Nest.IR.Accesses[C.Ref], L, SE))
          if (!A->StepS->isZero()) {
            Varies = true;
            MaxStep = std::max<int64_t>(MaxStep, A->Step ? std::abs(*A->Step) : BlockBytes);
            SymbolicStep |= !A->Step;
          }
    Loop *Parent = L->getParentLoop();
    bool CanMove = Reachable(Parent);
    if (!Varies) {
      if (!CanMove) {
        NS.Reason = "no hinted reference changes its address in a loop of "
                    "the nest";
        return NS;
      }
      L = Parent;
      continue;
    }
    unsigned Trip = SE.getSmallConstantTripCount(L);
    if (CanMove && (L == OutwardOf || (Trip && (int64_t)Trip * MaxStep < BlockBytes))) {
      L = Parent;
      continue;
    }
    break;
  }
  llvm::erase_if(Cands, [&](const Candidate &C) { return !L->contains(BlockOf(C)); });
  NS.Pipeline = L;
  NS.PipelineDepth = L->getLoopDepth() - Nest.IR.Loops[0]->getLoopDepth();
  LLVM_DEBUG(dbgs() << "outcore: pipeline loop " << L->getName() << " at depth "
                    << NS.PipelineDepth << " (block " << BlockBytes << " B)\n");

  NS.Reason = shapeRefusal(L);
  if (!NS.Reason.empty())
    return NS;
  const SCEV *BTC = backedgeCount(L, SE);
  if (!BTC) {
    NS.Reason = "the trip count of the pipeline loop cannot be computed";
    return NS;
  }
  NS.BackedgeTaken = BTC;
  if (Params.Machine.Unknown == UnknownTrip::Version && !OutwardOf && !SymbolicStep &&
      !SE.getSmallConstantTripCount(L) && Reachable(L->getParentLoop())) {
    if (const SCEV *Trips = tripsInvariantIn(L, Nest.IR.Loops[0], SE))
      NS.EntryBytes = SE.getMulExpr(Trips, SE.getConstant(Trips->getType(), MaxStep));
  }
  Instruction *Preheader = L->getLoopPreheader()->getTerminator();
  SCEVExpander Probe(SE, L->getHeader()->getModule()->getDataLayout(), "probe");
  if (!Probe.isSafeToExpandAt(BTC, Preheader)) {
    NS.Reason = "the trip count of the pipeline loop cannot be computed "
                "before the loop";
    return NS;
  }

  // Strip size from the fastest reference with spatial reuse in the loop.
  if (!placeReferences(Nest, Cands, SE, Probe, Page, BlockBytes, OutwardOf, NS)) {
    NS.Reason = "no hinted reference has an address the pass can compute "
                "before the pipeline loop";
    return NS;
  }

  // TOCS eq. 1 over the strip loop (one strip = Strip iterations + a hint).
  NS.BodyInstructions = shortestPathInstructions(L, SE);
  int64_t StripCost = NS.BodyInstructions > Infinite / NS.Strip
                          ? Infinite
                          : NS.BodyInstructions * NS.Strip;
  NS.DistanceStrips =
      prefetchDistance(Params.FaultLatency, StripCost, Params.PrefetchOverhead);

  // Streams along the rows the pipeline loop walks, a block per strip.
  addRowStreams(Nest, Rows, SE, Probe, Page, NS);

  // Indirect references (TOCS Fig. 9), a prefetch per iteration.
  size_t Dense = NS.Refs.size();
  addIndirect(Nest, Indirect, DT, SE, Probe, NS);
  NS.IterDistance =
      prefetchDistance(Params.FaultLatency, NS.BodyInstructions, Params.PrefetchOverhead);
  if (NS.Refs.size() > Dense)
    NS.DistanceStrips =
        std::max(NS.DistanceStrips, (NS.IterDistance + NS.Strip - 1) / NS.Strip + 1);
  return NS;
}

} // namespace outcore
