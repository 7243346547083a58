//===- Footprint.cpp - What a nest touches, as SCEVs before the nest ------===//

#include "Footprint.h"

#include "AddRecChain.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cstdlib>
#include <set>

using namespace llvm;

namespace outcore {

namespace {

/// An upper bound of L's backedge-taken count over the whole nest Outer, as
/// an i64 SCEV invariant in Outer: the exact or symbolic maximum count, with
/// the outer loops' counters in it (a triangular bound j <= i) replaced by
/// their extreme values. Never the range of the counter's type: a loop with
/// no such bound has none (null).
const SCEV *backedgesInvariantIn(const Loop *L, const Loop *Outer, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  for (const SCEV *BTC : {backedgeCount(L, SE), backedgeCount(L, SE, /*SymbolicMax=*/true)}) {
    // A symbolic maximum of all ones is the counter type's range: no bound
    // (and one more than it is no trip at all).
    if (!BTC || (isa<SCEVConstant>(BTC) && cast<SCEVConstant>(BTC)->getAPInt().isAllOnes()))
      continue;
    if (SE.isLoopInvariant(BTC, Outer))
      return SE.getTruncateOrZeroExtend(BTC, I64);
    // Where the count varies in the nest, its value for outer iterations in
    // which L does not run at all may be negative (j from i + 1 to n when
    // i = n - 1): bound it as a signed value, at least 0.
    if (const SCEV *Bound = upperBoundOver(BTC, Outer, SE))
      return SE.getSMaxExpr(Bound, SE.getZero(I64));
  }
  return nullptr;
}

} // namespace

/// An upper bound of the (signed) value S over the iterations of the nest
/// Outer, as an i64 SCEV invariant in Outer; null when not seen. An affine
/// recurrence is largest at one of its ends, whatever the sign of its step.
const SCEV *upperBoundOver(const SCEV *S, const Loop *Outer, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  if (SE.isLoopInvariant(S, Outer))
    return SE.getTruncateOrSignExtend(S, I64);
  if (isa<SCEVAddRecExpr>(S)) {
    // The chain's links in the nest, each affine with an invariant step; the
    // bound grows from the base's outward, a link's at one of its ends.
    SmallVector<const SCEVAddRecExpr *, 4> Links;
    const SCEV *Base = walkAddRecChain(S, Outer, [&](const SCEVAddRecExpr *AR) {
      if (!AR->isAffine() || !SE.isLoopInvariant(AR->getStepRecurrence(SE), Outer))
        return false;
      Links.push_back(AR);
      return true;
    });
    if (Links.empty())
      return nullptr;
    const SCEV *Bound = upperBoundOver(Base, Outer, SE);
    for (const SCEVAddRecExpr *AR : llvm::reverse(Links)) {
      const SCEV *BTC = backedgesInvariantIn(AR->getLoop(), Outer, SE);
      if (!Bound || !BTC)
        return nullptr;
      const SCEV *Step = SE.getTruncateOrSignExtend(AR->getStepRecurrence(SE), I64);
      Bound = SE.getSMaxExpr(Bound, SE.getAddExpr(Bound, SE.getMulExpr(Step, BTC)));
    }
    return Bound;
  }
  if (auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S))
    return upperBoundOver(Cast->getOperand(), Outer, SE);
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S); Mul && Mul->getNumOperands() == 2)
    if (auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0)); C && !C->getAPInt().isNegative())
      if (const SCEV *Bound = upperBoundOver(Mul->getOperand(1), Outer, SE))
        return SE.getMulExpr(SE.getTruncateOrSignExtend(C, I64), Bound);
  if (isa<SCEVUMinExpr>(S) || isa<SCEVSMinExpr>(S)) { // bounded by any operand's bound
    SmallVector<const SCEV *, 4> Bounds;
    for (const SCEV *Op : cast<SCEVMinMaxExpr>(S)->operands())
      if (const SCEV *Bound = upperBoundOver(Op, Outer, SE))
        Bounds.push_back(Bound);
    return Bounds.empty() ? nullptr : SE.getSMinExpr(Bounds);
  }
  if (isa<SCEVAddExpr>(S) || isa<SCEVUMaxExpr>(S) || isa<SCEVSMaxExpr>(S)) {
    bool Sum = isa<SCEVAddExpr>(S);
    const SCEV *Bound = nullptr;
    for (const SCEV *Op : cast<SCEVNAryExpr>(S)->operands()) {
      const SCEV *OpBound = upperBoundOver(Op, Outer, SE);
      if (!OpBound)
        return nullptr;
      Bound = !Bound ? OpBound : Sum ? SE.getAddExpr(Bound, OpBound) : SE.getSMaxExpr(Bound, OpBound);
    }
    return Bound;
  }
  return nullptr;
}

namespace {

/// A row walk of the nest and its iterations over the whole nest (i64):
/// its rows follow each other, so they telescope to p[last + 1] - p[first].
struct Telescope {
  RowWalk W;
  const SCEV *Trips;
};
using Telescopes = SmallVector<Telescope, 2>;

const Telescope *telescopeOf(const Telescopes &Ts, const Loop *K) {
  for (const Telescope &T : Ts)
    if (T.W.K == K)
      return &T;
  return nullptr;
}

/// The simple load in R's header of the element at Address, if any: the
/// header runs in every iteration of R, and R leaves only at its latch.
LoadInst *headerLoadOf(const SCEV *Address, const Loop *R, ScalarEvolution &SE) {
  if (R->getExitingBlock() != R->getLoopLatch())
    return nullptr;
  for (Instruction &I : *R->getHeader())
    if (auto *Load = dyn_cast<LoadInst>(&I))
      if (Load->isSimple() && SE.getSCEV(Load->getPointerOperand()) == Address)
        return Load;
  return nullptr;
}

/// |Step| as the nest sees it where loop L runs: Step itself when L's guards
/// show it is not negative (its non-negative constant factors aside).
const SCEV *strideBytes(const SCEV *Step, const Loop *L, ScalarEvolution &SE) {
  const SCEV *Rest = Step;
  while (auto *Mul = dyn_cast<SCEVMulExpr>(Rest)) {
    auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    if (!C || C->getAPInt().isNegative())
      break;
    SmallVector<const SCEV *, 2> Factors(drop_begin(Mul->operands()));
    Rest = SE.getMulExpr(Factors);
  }
  if (SE.isKnownNonNegative(Rest) || SE.isKnownNonNegative(SE.applyLoopGuards(Rest, L)))
    return Step;
  return SE.getAbsExpr(Step, /*IsNSW=*/false);
}

/// How far the value S moves over the iterations of the nest Outer: an
/// upper bound of its largest minus its smallest value, as an i64 SCEV
/// invariant in Outer (|step| * backedges per loop, through sums, casts,
/// constant factors, min and max; |step| * the telescoped iterations in a
/// loop of Ts); null when not seen.
const SCEV *widthInNest(const SCEV *S, const Loop *Outer, ScalarEvolution &SE,
                        const Telescopes &Ts) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  if (SE.isLoopInvariant(S, Outer))
    return SE.getZero(I64);
  if (isa<SCEVAddRecExpr>(S)) {
    // The chain's links in the nest, each affine with an invariant step of
    // at most 64 bits, up to a row walk's (which ends it: row after row, the
    // whole walk spans the telescoped iterations, whatever its start); each
    // link adds |step| * its backedges to the width of the rest.
    SmallVector<const SCEVAddRecExpr *, 4> Links;
    const Telescope *Row = nullptr;
    const SCEV *Base = walkAddRecChain(S, Outer, [&](const SCEVAddRecExpr *AR) {
      const SCEV *Step = AR->getStepRecurrence(SE);
      if (!AR->isAffine() || !SE.isLoopInvariant(Step, Outer) ||
          SE.getTypeSizeInBits(Step->getType()) > 64)
        return false;
      Links.push_back(AR);
      Row = telescopeOf(Ts, AR->getLoop());
      return !Row;
    });
    if (Links.empty())
      return nullptr;
    // The reference runs only inside the chain's innermost loop, so that
    // loop's guards hold wherever the width counts (n > 0 makes a row step
    // 8n non-negative): no abs in the fit test then.
    const Loop *Innermost = Links.front()->getLoop();
    auto AbsStep = [&](const SCEVAddRecExpr *AR) {
      return strideBytes(SE.getTruncateOrSignExtend(AR->getStepRecurrence(SE), I64), Innermost,
                         SE);
    };
    const SCEV *W = nullptr;
    if (!Row)
      W = widthInNest(Base, Outer, SE, Ts);
    else if (rowStreamBase(Links.back(), Row->W, SE))
      W = SE.getMulExpr(AbsStep(Links.back()), Row->Trips);
    if (Row)
      Links.pop_back();
    for (const SCEVAddRecExpr *AR : llvm::reverse(Links)) {
      const SCEV *BTC = backedgesInvariantIn(AR->getLoop(), Outer, SE);
      if (!BTC || !W)
        return nullptr;
      W = SE.getAddExpr(W, SE.getMulExpr(AbsStep(AR), BTC));
    }
    return W;
  }
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return widthInNest(Cast->getOperand(), Outer, SE, Ts);
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
    auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    const SCEV *W = Mul->getNumOperands() == 2 && C
                        ? widthInNest(Mul->getOperand(1), Outer, SE, Ts) : nullptr;
    return W ? SE.getMulExpr(SE.getConstant(I64, C->getAPInt().abs().getZExtValue()), W)
             : nullptr;
  }
  if (auto *Div = dyn_cast<SCEVUDivExpr>(S)) { // x /u c moves by at most w(x) /u c + 1
    auto *C = dyn_cast<SCEVConstant>(Div->getRHS());
    const SCEV *W = C && !C->isZero() ? widthInNest(Div->getLHS(), Outer, SE, Ts) : nullptr;
    return W ? SE.getAddExpr(SE.getUDivExpr(W, SE.getTruncateOrZeroExtend(C, I64)),
                             SE.getOne(I64))
             : nullptr;
  }
  if (isa<SCEVAddExpr>(S) || isa<SCEVMinMaxExpr>(S)) {
    // A sum moves by at most the sum of its operands' widths; a min or max
    // by at most the largest of them.
    bool Sum = isa<SCEVAddExpr>(S);
    const SCEV *W = SE.getZero(I64);
    for (const SCEV *Op : cast<SCEVNAryExpr>(S)->operands()) {
      const SCEV *OpW = widthInNest(Op, Outer, SE, Ts);
      if (!OpW)
        return nullptr;
      W = Sum ? SE.getAddExpr(W, OpW) : SE.getUMaxExpr(W, OpW);
    }
    return W;
  }
  return nullptr;
}

/// S at the first iteration of every loop of the nest Outer.
struct FirstIteration : SCEVRewriteVisitor<FirstIteration> {
  const Loop *Outer;
  FirstIteration(ScalarEvolution &SE, const Loop *Outer) : SCEVRewriteVisitor(SE), Outer(Outer) {}
  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    return Outer->contains(AR->getLoop()) ? visit(AR->getStart()) : AR;
  }
};

/// The values of an address over the loops of a nest: where it is at the
/// nest's first iteration, and an upper bound of how many bytes it spans.
struct AddressSpan {
  const SCEV *Start, *Bytes;
};

/// The span of S; its start may hold the first rows' starts of Ts (read at
/// the nest's entry).
std::optional<AddressSpan> span(const SCEV *S, const Loop *Outer, ScalarEvolution &SE,
                                const Telescopes &Ts) {
  const SCEV *Bytes = widthInNest(S, Outer, SE, Ts);
  const SCEV *Start = FirstIteration(SE, Outer).visit(S);
  ValueToSCEVMapTy AtEntry;
  for (const Telescope &T : Ts)
    AtEntry[T.W.First] = SE.getZero(T.W.First->getType());
  if (!Bytes || !SE.isLoopInvariant(SCEVParameterRewriter::rewrite(Start, SE, AtEntry), Outer))
    return std::nullopt;
  return AddressSpan{Start, Bytes};
}

/// The bytes the dense references of one array touch: references whose
/// starts differ by a value fixed before the nest (a[i-1][j], a[i][j],
/// a[i+1][j], a constant apart or, rows of n elements, 2n; a[i][k] and
/// a[j][k]) share one extent, the widest span plus the spread of the starts,
/// where that is less than their spans one by one (a[0][j] and a[n-1][j] lie
/// far apart). Capped by the array's size when that is known.
struct ArrayExtent {
  const SCEV *Start, *Span;
  const SCEV *Lo, *Hi; ///< byte offsets from Start covered by the starts
  const SCEV *Apart;   ///< the references' spans and elements, summed
  unsigned Refs;
  std::optional<int64_t> ArrayBytes;

  ArrayExtent(const SCEV *Start, const SCEV *Span, int64_t ElemSize,
              std::optional<int64_t> ArrayBytes, ScalarEvolution &SE)
      : Start(Start), Span(Span), Lo(SE.getZero(Span->getType())),
        Hi(SE.getConstant(Span->getType(), ElemSize)), Apart(SE.getAddExpr(Span, Hi)), Refs(1),
        ArrayBytes(ArrayBytes) {}

  /// The bytes from the lowest start to the highest start's element.
  const SCEV *spread(ScalarEvolution &SE) const { return SE.getMinusSCEV(Hi, Lo); }

  const SCEV *bytes(int64_t PageSize, ScalarEvolution &SE) const {
    Type *Ty = Span->getType();
    const SCEV *Spread = spread(SE);
    // A page more for a start that is not page aligned.
    const SCEV *Joined = SE.getAddExpr(SE.getAddExpr(Span, Spread), SE.getConstant(Ty, PageSize));
    // Starts a constant apart are near (a stencil's neighbours): joined.
    const SCEV *Bytes =
        isa<SCEVConstant>(Spread)
            ? Joined
            : SE.getUMinExpr(Joined, SE.getAddExpr(Apart, SE.getConstant(Ty, Refs * PageSize)));
    return ArrayBytes ? SE.getUMinExpr(Bytes, SE.getConstant(Ty, *ArrayBytes)) : Bytes;
  }
};

/// Joins A (elements of ElemSize bytes) to E when their starts differ by a
/// value invariant in the nest Outer (the same array).
bool joinExtent(ArrayExtent &E, const AddressSpan &A, int64_t ElemSize, const Loop *Outer,
                ScalarEvolution &SE) {
  if (SE.getPointerBase(A.Start) != SE.getPointerBase(E.Start))
    return false;
  const SCEV *Off = SE.getMinusSCEV(A.Start, E.Start);
  if (isa<SCEVCouldNotCompute>(Off) || !SE.isLoopInvariant(Off, Outer))
    return false;
  Type *Ty = E.Span->getType();
  Off = SE.getTruncateOrSignExtend(Off, Ty);
  const SCEV *Elem = SE.getConstant(Ty, ElemSize);
  E.Lo = SE.getSMinExpr(E.Lo, Off);
  E.Hi = SE.getSMaxExpr(E.Hi, SE.getAddExpr(Off, Elem));
  E.Span = SE.getUMaxExpr(E.Span, A.Bytes);
  E.Apart = SE.getAddExpr(E.Apart, SE.getAddExpr(A.Bytes, Elem));
  ++E.Refs;
  return true;
}

void addToExtents(std::vector<ArrayExtent> &Extents, const AddressSpan &A, const NestRef &Ref,
                  const Loop *Outer, ScalarEvolution &SE) {
  for (ArrayExtent &E : Extents)
    if (joinExtent(E, A, Ref.ElemSize, Outer, SE))
      return;
  Extents.emplace_back(A.Start, A.Bytes, Ref.ElemSize, Ref.ArrayBytes, SE);
}

/// The rows a nest reads through row pointers (a[i][j] of double **a): the
/// pointers' extent and the widest span within a row. Every row pointer the
/// nest reads in the extent, one every PointerStride bytes, may name a row of
/// its own, starting anywhere in a page.
struct RowsExtent {
  ArrayExtent Pointers;
  const SCEV *RowSpan;
  int64_t PointerSize, PointerStride, ElemSize;

  const SCEV *bytes(int64_t PageSize, ScalarEvolution &SE) const {
    Type *Ty = Pointers.Span->getType();
    // The pointers from the first to the last one's end, a stride apart.
    const SCEV *Rows = SE.getUDivExpr(
        SE.getAddExpr(SE.getAddExpr(Pointers.Span, Pointers.spread(SE)),
                      SE.getConstant(Ty, PointerStride - PointerSize)),
        SE.getConstant(Ty, PointerStride));
    return SE.getMulExpr(Rows, SE.getAddExpr(RowSpan, SE.getConstant(Ty, ElemSize + PageSize)));
  }
};

/// Bytes from one row pointer the nest reads to the next: the least constant
/// step of the pointer's address over the nest's loops (a vector of vectors
/// keeps a row's data pointer every 24 bytes; a[2 * i] reads every other one),
/// at least the pointer's size; the pointer's size where a step is not a
/// constant.
int64_t rowPointerStride(const SCEV *Address, int64_t PointerSize, const Loop *Outer,
                         ScalarEvolution &SE) {
  int64_t Stride = 0;
  for (auto *AR = dyn_cast<SCEVAddRecExpr>(Address); AR && Outer->contains(AR->getLoop());
       AR = dyn_cast<SCEVAddRecExpr>(AR->getStart())) {
    auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!Step || Step->getAPInt().getSignificantBits() > 32)
      return PointerSize;
    int64_t Bytes = std::abs(Step->getAPInt().getSExtValue());
    if (Bytes)
      Stride = Stride ? std::min(Stride, Bytes) : Bytes;
  }
  return std::max(Stride, PointerSize);
}

/// Joins the row reference Access (through the row pointer RowLoad) to the
/// rows' extents; false when its span is not computable before the nest.
bool addToRows(std::vector<RowsExtent> &Rows, Instruction *Access, LoadInst *RowLoad,
               const NestRef &Ref, const Loop *Outer, ScalarEvolution &SE, const Telescopes &Ts) {
  std::optional<AddressSpan> Pointers = span(SE.getSCEV(RowLoad->getPointerOperand()), Outer, SE, Ts);
  std::optional<AddressSpan> InRow = span(
      SE.getMinusSCEV(SE.getSCEV(getLoadStorePointerOperand(Access)), SE.getSCEV(RowLoad)),
      Outer, SE, Ts);
  if (!Pointers || !InRow)
    return false;
  int64_t PointerSize = RowLoad->getDataLayout().getTypeStoreSize(RowLoad->getType());
  int64_t Stride =
      rowPointerStride(SE.getSCEV(RowLoad->getPointerOperand()), PointerSize, Outer, SE);
  for (RowsExtent &E : Rows)
    if (E.ElemSize == Ref.ElemSize && joinExtent(E.Pointers, *Pointers, PointerSize, Outer, SE)) {
      E.RowSpan = SE.getUMaxExpr(E.RowSpan, InRow->Bytes);
      E.PointerStride = std::min(E.PointerStride, Stride);
      return true;
    }
  Rows.push_back({ArrayExtent(Pointers->Start, Pointers->Bytes, PointerSize, std::nullopt, SE),
                  InRow->Bytes, PointerSize, Stride, Ref.ElemSize});
  return true;
}

/// The address of a load in R's header that R's iterations move along
/// (start and step invariant in R), if it is one.
const SCEVAddRecExpr *rowReadAddress(LoadInst *Load, const Loop *R, ScalarEvolution &SE) {
  auto *At = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Load->getPointerOperand()));
  return At && At->getLoop() == R && At->isAffine() && SE.isLoopInvariant(At->getStart(), R) &&
                 SE.isLoopInvariant(At->getStepRecurrence(SE), R) && headerLoadOf(At, R, SE) == Load
             ? At
             : nullptr;
}

/// Adds to Computed (operands first) what a loop over R's iterations needs to
/// compute V again, a value of R's header: loads along R (rowReadAddress) and
/// arithmetic on them and on values from before R. False for anything else.
bool recomputable(Value *V, const Loop *R, ScalarEvolution &SE,
                  std::vector<Instruction *> &Computed) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !R->contains(I) || is_contained(Computed, I))
    return true; // from before R: available wherever R's preheader is
  if (I->getParent() != R->getHeader())
    return false;
  if (auto *Load = dyn_cast<LoadInst>(I)) {
    if (!rowReadAddress(Load, R, SE))
      return false;
  } else if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) && !isa<GetElementPtrInst>(I)) {
    return false;
  } else {
    for (Value *Op : I->operands())
      if (!recomputable(Op, R, SE, Computed))
        return false;
  }
  Computed.push_back(I);
  return true;
}

/// The bytes one row spans for the row reference Access (through the row
/// pointer RowLoad) when its length is read per row: its in-row offset's
/// width over the loops inside Outer, with Outer's values fixed, adding to
/// Computed what Outer's header computes for it; null when a loop before the
/// nest could not compute it.
const SCEV *raggedRowBytes(Instruction *Access, LoadInst *RowLoad, const Loop *Outer,
                           ScalarEvolution &SE, std::vector<Instruction *> &Computed) {
  const Loop *Inner = nullptr;
  for (Loop *L : Outer->getSubLoops())
    if (L->contains(Access))
      Inner = L;
  if (!Inner)
    return nullptr;
  const SCEV *InRow = SE.getMinusSCEV(SE.getSCEV(getLoadStorePointerOperand(Access)),
                                      SE.getSCEV(RowLoad));
  const SCEV *Width = widthInNest(InRow, Inner, SE, {});
  if (!Width)
    return nullptr;
  bool Computable = true;
  SCEVExprContains(Width, [&](const SCEV *S) { // collects, finds nothing
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(S))
      Computable &= AR->getLoop() == Outer && AR->isAffine() &&
                    SE.isLoopInvariant(AR->getStart(), Outer) &&
                    SE.isLoopInvariant(AR->getStepRecurrence(SE), Outer);
    if (auto *U = dyn_cast<SCEVUnknown>(S))
      Computable &= SE.isLoopInvariant(U, Outer) ||
                    recomputable(U->getValue(), Outer, SE, Computed);
    return false;
  });
  return Computable ? Width : nullptr;
}

/// How often a block of the nest runs at most: the product of the
/// iterations of the nest's loops around it (a telescoping loop's over the
/// whole nest in place of its own and the outermost loop's).
const SCEV *executions(const BasicBlock *BB, const IRNest &Nest, ScalarEvolution &SE,
                       const Telescopes &Ts) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const SCEV *N = SE.getOne(I64);
  const Telescope *Rows = nullptr;
  for (const Telescope &T : Ts)
    if (T.W.K->contains(BB))
      Rows = &T;
  for (const Loop *L : Nest.Loops) {
    if (!L->contains(BB) || (Rows && L == Nest.Loops[0]))
      continue;
    const SCEV *Trips = L == (Rows ? Rows->W.K : nullptr) ? Rows->Trips
                                                        : tripsInvariantIn(L, Nest.Loops[0], SE);
    if (!Trips)
      return nullptr;
    N = SE.getMulExpr(N, Trips);
  }
  return N;
}

} // namespace

std::optional<RowWalk> rowWalk(const Loop *K, const Loop *Outer, ScalarEvolution &SE) {
  BasicBlock *Latch = K->getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (K->getParentLoop() != Outer || !Cmp || Br->getSuccessor(0) != K->getHeader() ||
      !(Cmp->getPredicate() == ICmpInst::ICMP_SLT || Cmp->getPredicate() == ICmpInst::ICMP_ULT ||
        Cmp->getPredicate() == ICmpInst::ICMP_NE))
    return std::nullopt;
  // The counter, tested before or after its increment, against p[r + 1].
  auto *IV = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Cmp->getOperand(0)));
  auto *Bound = dyn_cast<SCEVUnknown>(SE.getSCEV(Cmp->getOperand(1)));
  auto *BoundLoad = Bound ? dyn_cast<LoadInst>(Bound->getValue()) : nullptr;
  if (!IV || IV->getLoop() != K || !IV->isAffine() || !IV->getStepRecurrence(SE)->isOne() ||
      !BoundLoad)
    return std::nullopt;
  const SCEV *Start = IV->getStart();
  if (!isa<SCEVUnknown>(Start))
    Start = SE.getMinusSCEV(Start, SE.getOne(Start->getType()));
  auto *StartU = dyn_cast<SCEVUnknown>(Start);
  auto *StartLoad = StartU ? dyn_cast<LoadInst>(StartU->getValue()) : nullptr;
  if (!StartLoad || StartLoad->getType() != BoundLoad->getType())
    return std::nullopt;
  // p[r] and p[r + 1]: one element apart, the next row's start.
  auto *FirstAt = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(StartLoad->getPointerOperand()));
  if (!FirstAt || FirstAt->getLoop() != Outer || !FirstAt->isAffine() ||
      !SE.isLoopInvariant(FirstAt->getStart(), Outer) ||
      !SE.isLoopInvariant(FirstAt->getStepRecurrence(SE), Outer))
    return std::nullopt;
  const SCEV *LastAt = FirstAt->getPostIncExpr(SE);
  LoadInst *First = headerLoadOf(FirstAt, Outer, SE), *Last = headerLoadOf(LastAt, Outer, SE);
  if (!First || !Last || First != StartLoad ||
      SE.getSCEV(BoundLoad->getPointerOperand()) != LastAt)
    return std::nullopt;
  return RowWalk{K, First, Last, FirstAt, Cmp->getPredicate() != ICmpInst::ICMP_ULT};
}

const SCEV *rowStreamBase(const SCEVAddRecExpr *AR, const RowWalk &W, ScalarEvolution &SE) {
  if (AR->getLoop() != W.K)
    return nullptr;
  const SCEV *Start = AR->getStart(), *Step = AR->getStepRecurrence(SE);
  ValueToSCEVMapTy Zero{{W.First, SE.getZero(W.First->getType())}};
  const SCEV *Rest = SCEVParameterRewriter::rewrite(Start, SE, Zero);
  if (!SE.isLoopInvariant(Rest, W.K->getParentLoop()))
    return nullptr;
  Type *Ty = Step->getType();
  const SCEV *P = SE.getUnknown(W.First);
  const SCEV *Ext = W.Signed ? SE.getTruncateOrSignExtend(P, Ty) : SE.getTruncateOrZeroExtend(P, Ty);
  return SE.getAddExpr(Rest, SE.getMulExpr(Step, Ext)) == Start ? Rest : nullptr;
}

const SCEV *tripsInvariantIn(const Loop *L, const Loop *Outer, ScalarEvolution &SE) {
  const SCEV *BTC = backedgesInvariantIn(L, Outer, SE);
  if (!BTC)
    return nullptr;
  return SE.getAddExpr(BTC, SE.getOne(BTC->getType()));
}

/// The bytes of the block the pointer at Address points into where an
/// allocation call made it (an `allocsize` attribute: malloc(n * 4), calloc(n,
/// 8)), from the call's arguments, which the call and so the nest's entry
/// follow; null for any other base, or one of Outer's own. The run-time
/// counterpart of allocatedBytes (NestBuilders.h), which knows constant sizes
/// only (and globals and allocas).
static const SCEV *allocationCallBytes(const SCEV *Address, const Loop *Outer,
                                       ScalarEvolution &SE) {
  auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(Address));
  auto *Call = Base ? dyn_cast<CallBase>(Base->getValue()) : nullptr;
  Attribute Size = Call ? Call->getFnAttr(Attribute::AllocSize) : Attribute();
  if (!Size.isValid() || Outer->contains(Call))
    return nullptr;
  Type *I64 = Type::getInt64Ty(SE.getContext());
  auto Argument = [&](unsigned I) -> const SCEV * {
    Value *V = Call->getArgOperand(I);
    return V->getType()->isIntegerTy() ? SE.getTruncateOrZeroExtend(SE.getSCEV(V), I64) : nullptr;
  };
  auto [ElemArg, NumArg] = Size.getAllocSizeArgs();
  const SCEV *Bytes = Argument(ElemArg), *Count = NumArg ? Argument(*NumArg) : SE.getOne(I64);
  return Bytes && Count ? SE.getMulExpr(Bytes, Count) : nullptr;
}

Footprint nestFootprint(const AnalyzedNest &Nest, int64_t PageSize, ScalarEvolution &SE) {
  const Loop *Outer = Nest.IR.Loops[0];
  Type *I64 = Type::getInt64Ty(SE.getContext());
  Footprint FP;
  Telescopes Ts;
  for (const Loop *K : Nest.IR.Loops) {
    std::optional<RowWalk> W;
    const SCEV *BTC = backedgeCount(Outer, SE);
    if (tripsInvariantIn(K, Outer, SE) || !BTC || !SE.isLoopInvariant(BTC, Outer) ||
        !(W = rowWalk(K, Outer, SE)))
      continue;
    // p[first] and p[last + 1], which the nest's first and last rows read.
    FP.Reads.push_back({W->First, W->FirstAt->getStart(), W->First->getType()});
    FP.Reads.push_back({W->Last, cast<SCEVAddRecExpr>(W->FirstAt->getPostIncExpr(SE))
                                     ->evaluateAtIteration(BTC, SE),
                        W->Last->getType()});
    auto Wide = [&](Value *V) {
      return W->Signed ? SE.getTruncateOrSignExtend(SE.getUnknown(V), I64)
                       : SE.getTruncateOrZeroExtend(SE.getUnknown(V), I64);
    };
    Ts.push_back(Telescope{*W, SE.getSMaxExpr(SE.getMinusSCEV(Wide(W->Last), Wide(W->First)),
                                     SE.getZero(I64))});
  }
  const SCEV *Total = SE.getZero(I64);
  std::vector<ArrayExtent> Extents;
  std::vector<RowsExtent> Rows;
  std::vector<const SCEV *> Indirect; // executions * a page, per indirect reference
  RowSum Ragged{nullptr, SE.getZero(I64), {}};
  for (size_t R = 0; R < Nest.IR.Model.Refs.size(); ++R) {
    const NestRef &Ref = Nest.IR.Model.Refs[R];
    Instruction *Access = Nest.IR.Accesses[R];
    Value *Ptr = Access ? getLoadStorePointerOperand(Access) : nullptr;
    if (!Ptr || !SE.isSCEVable(Ptr->getType()))
      return {};
    if (Ref.RowPointers) {
      auto *RowLoad = cast<LoadInst>(Nest.IR.IndexLoads[R]);
      if (addToRows(Rows, Access, RowLoad, Ref, Outer, SE, Ts))
        continue;
      // Rows of their own lengths: a page more for each row's start.
      const SCEV *Row = raggedRowBytes(Access, RowLoad, Outer, SE, Ragged.Computed);
      const SCEV *Trips = tripsInvariantIn(Outer, Outer, SE);
      if (!Row || !Trips)
        return {};
      Ragged.Trips = Trips;
      // A row's width is negative when its length is (a sentinel): nothing.
      Row = SE.getSMaxExpr(Row, SE.getZero(I64));
      Ragged.PerRow = SE.getAddExpr(
          SE.getAddExpr(Ragged.PerRow, Row), SE.getConstant(I64, Ref.ElemSize + PageSize));
      continue;
    }
    std::optional<AddressSpan> A = span(SE.getSCEV(Ptr), Outer, SE, Ts);
    if (Ref.Indirect && !A) {
      // Anywhere in the array: a page per execution (and the element), at
      // most the array.
      const SCEV *Execs = executions(Access->getParent(), Nest.IR, SE, Ts);
      if (!Execs)
        return {};
      const SCEV *Bytes = SE.getAddExpr(SE.getMulExpr(Execs, SE.getConstant(I64, PageSize)),
                                        SE.getConstant(I64, Ref.ElemSize));
      const SCEV *Whole = Ref.ArrayBytes ? SE.getConstant(I64, *Ref.ArrayBytes)
                                         : allocationCallBytes(SE.getSCEV(Ptr), Outer, SE);
      if (Whole)
        Total = SE.getAddExpr(Total, SE.getUMinExpr(Bytes, Whole));
      else
        Indirect.push_back(Bytes);
      continue;
    }
    // Affine, or a stream along a telescoping loop (val[k] from rowptr[r]).
    if (!A)
      return {};
    addToExtents(Extents, *A, Ref, Outer, SE);
  }
  const SCEV *Dense = SE.getZero(I64);
  for (const ArrayExtent &E : Extents)
    Dense = SE.getAddExpr(Dense, E.bytes(PageSize, SE));
  for (const RowsExtent &E : Rows)
    Dense = SE.getAddExpr(Dense, E.bytes(PageSize, SE));
  // An array of unknown size addressed indirectly (a[b[i]], hist[x[i]]) is
  // taken to be no larger than the nest's dense data: a page per execution
  // would make the nest never fit, and run the hinted version in core.
  for (const SCEV *Bytes : Indirect)
    Total = SE.getAddExpr(Total, Dense->isZero() ? Bytes : SE.getUMinExpr(Bytes, Dense));
  FP.Bytes = SE.getAddExpr(Total, Dense);
  if (Ragged.Trips)
    FP.Rows = std::move(Ragged);
  return FP;
}

namespace {

/// The model's count of one reference's pages (a term of
/// LoopLocality::RefPages) from the actual trip counts, as an i64 SCEV; null
/// when a trip count is not computable before the nest.
const SCEV *modelPages(const AnalyzedNest &Nest, const PageTerm &T, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const Loop *Outer = Nest.IR.Loops[0];
  const SCEV *Term = SE.getConstant(I64, T.Coef);
  for (auto [Loop, Div] : T.Factors) {
    const SCEV *BTC = backedgesInvariantIn(Nest.IR.Loops[Loop], Outer, SE);
    if (!BTC)
      return nullptr;
    // ceil(trip / Div) = backedges / Div + 1
    const SCEV *Pages = SE.getAddExpr(SE.getUDivExpr(BTC, SE.getConstant(I64, Div)),
        SE.getOne(I64));
    Term = SE.getMulExpr(Term, Pages);
  }
  return Term;
}

/// The pages reference R's address span over the loops inside loop K covers,
/// its largest over the nest, as an i64 SCEV; null when the span is not seen.
/// The model counts a row walked whole as ceil(row / page) pages, and rows
/// that follow each other share pages: gemm's B of 2700 rows of 21600 bytes
/// is 14 240 pages, not 16 200.
const SCEV *spannedPages(const AnalyzedNest &Nest, size_t R, int K, int64_t PageSize,
                         ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const NestRef &Ref = Nest.IR.Model.Refs[R];
  auto At = llvm::find(Ref.Path, K);
  Instruction *Access = Nest.IR.Accesses[R];
  Value *Ptr = Access ? getLoadStorePointerOperand(Access) : nullptr;
  assert(At != Ref.Path.end() && "the reference is not inside loop K");
  if (Ref.Indirect || Ref.LoadedBase || Ref.RowPointers || !Ptr || !SE.isSCEVable(Ptr->getType()))
    return nullptr;
  const SCEV *Width = SE.getZero(I64);
  if (std::next(At) != Ref.Path.end())
    Width = widthInNest(SE.getSCEV(Ptr), Nest.IR.Loops[*std::next(At)], SE, {});
  if (Width)
    Width = upperBoundOver(Width, Nest.IR.Loops[0], SE);
  if (!Width)
    return nullptr;
  // Its first page may start anywhere in a page: one more.
  const SCEV *Bytes = SE.getAddExpr(Width, SE.getConstant(I64, Ref.ElemSize + 2 * PageSize - 1));
  return SE.getUDivExpr(Bytes, SE.getConstant(I64, PageSize));
}

} // namespace

const SCEV *pagesPerIteration(const AnalyzedNest &Nest, int K, int64_t PageSize,
                              ScalarEvolution &SE) {
  const SCEV *Sum = SE.getZero(Type::getInt64Ty(SE.getContext()));
  for (const auto &[R, Term] : Nest.Locality.Loops[K].RefPages) {
    const SCEV *Model = modelPages(Nest, Term, SE);
    const SCEV *Spanned = spannedPages(Nest, size_t(R), K, PageSize, SE);
    if (!Model && !Spanned)
      return nullptr;
    Sum = SE.getAddExpr(Sum, !Model     ? Spanned
                             : !Spanned ? Model
                                        : SE.getUMinExpr(Model, Spanned));
  }
  return Sum;
}

std::vector<LocalizedVersion> localizedVersions(const AnalyzedNest &Nest,
                                                const MachineParams &Params,
                                                ScalarEvolution &SE,
                                                unsigned MaxVersions) {
  const NestModel &Model = Nest.IR.Model;
  const NestLocality &Base = Nest.Locality;
  std::set<int> Depths;
  for (size_t K = 0; K < Model.Loops.size(); ++K)
    if (Base.Loops[K].decidedAtRunTime() && !Base.Loops[K].Localized)
      Depths.insert(loopDepth(Model, int(K)));
  Type *I64 = Type::getInt64Ty(SE.getContext());
  std::vector<LocalizedVersion> Out;
  std::set<std::vector<int>> Seen;
  for (int D : Depths) { // outermost first: the most localized version first
    if (Out.size() >= MaxVersions)
      break;
    NestLocality Loc = analyzeNest(Model, Params, /*AssumeFitFromDepth=*/D);
    std::vector<int> Assumed;
    for (size_t K = 0; K < Model.Loops.size(); ++K)
      if (Loc.Loops[K].Localized && !Base.Loops[K].Localized)
        Assumed.push_back(int(K));
    if (Assumed.empty() || !Seen.insert(Assumed).second)
      continue;
    AnalyzedNest Probe{Nest.IR, Loc};
    const SCEV *Need = SE.getZero(I64);
    for (int K : Assumed) {
      const SCEV *Pages = pagesPerIteration(Probe, K, Params.PageSize, SE);
      if (!Pages) {
        Need = nullptr;
        break;
      }
      Need = SE.getUMaxExpr(Need, SE.getMulExpr(Pages, SE.getConstant(I64, Params.PageSize)));
    }
    if (Need)
      Out.push_back({std::move(Loc), Need});
  }
  return Out;
}

} // namespace outcore
