//===- Versioning.cpp - Run-time choice between hinted and original nests -===//

#include "Versioning.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <set>

using namespace llvm;

namespace outcore {

namespace {

/// Iterations minus one of L, invariant in Outer (see tripsInvariantIn).
const SCEV *backedgesInvariantIn(const Loop *L, const Loop *Outer, ScalarEvolution &SE) {
  for (const SCEV *BTC : {SE.getBackedgeTakenCount(L),
                          SE.getSymbolicMaxBackedgeTakenCount(L),
                          SE.getConstantMaxBackedgeTakenCount(L)})
    if (!isa<SCEVCouldNotCompute>(BTC) && SE.isLoopInvariant(BTC, Outer))
      return BTC;
  return nullptr;
}

/// Bytes spanned by the address S over the loops of the nest Outer: the sum
/// of |step| * backedges per loop (an upper bound of max - min address).
const SCEV *span(const SCEV *S, const Loop *Outer, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const SCEV *Sum = SE.getZero(I64);
  while (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!Outer->contains(AR->getLoop()) || !AR->isAffine())
      return nullptr;
    const SCEV *BTC = backedgesInvariantIn(AR->getLoop(), Outer, SE);
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (!BTC || !SE.isLoopInvariant(Step, Outer) ||
        SE.getTypeSizeInBits(Step->getType()) > 64)
      return nullptr;
    Step = SE.getAbsExpr(SE.getTruncateOrSignExtend(Step, I64), false);
    Sum = SE.getAddExpr(Sum, SE.getMulExpr(Step, SE.getTruncateOrZeroExtend(BTC, I64)));
    S = AR->getStart();
  }
  return SE.isLoopInvariant(S, Outer) ? Sum : nullptr;
}

/// How often a block of the nest runs at most: the product of the
/// iterations of the nest's loops around it.
const SCEV *executions(const BasicBlock *BB, const IRNest &Nest, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const SCEV *N = SE.getOne(I64);
  for (const Loop *L : Nest.Loops) {
    if (!L->contains(BB))
      continue;
    const SCEV *Trips = tripsInvariantIn(L, Nest.Loops[0], SE);
    if (!Trips)
      return nullptr;
    N = SE.getMulExpr(N, Trips);
  }
  return N;
}

} // namespace

const SCEV *tripsInvariantIn(const Loop *L, const Loop *Outer, ScalarEvolution &SE) {
  const SCEV *BTC = backedgesInvariantIn(L, Outer, SE);
  if (!BTC)
    return nullptr;
  Type *I64 = Type::getInt64Ty(SE.getContext());
  return SE.getAddExpr(SE.getTruncateOrZeroExtend(BTC, I64), SE.getOne(I64));
}

const SCEV *nestFootprint(const AnalyzedNest &Nest, int64_t PageSize,
                          ScalarEvolution &SE) {
  const Loop *Outer = Nest.IR.Loops[0];
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const SCEV *Dense = SE.getZero(I64), *Total = SE.getZero(I64);
  std::vector<const SCEV *> Indirect; // executions * a page, per indirect reference
  for (size_t R = 0; R < Nest.IR.Model.Refs.size(); ++R) {
    const NestRef &Ref = Nest.IR.Model.Refs[R];
    Instruction *Access = Nest.IR.Accesses[R];
    Value *Ptr = Access ? getLoadStorePointerOperand(Access) : nullptr;
    if (!Ptr || !SE.isSCEVable(Ptr->getType()))
      return nullptr;
    // The element itself and a page for an unaligned start.
    const SCEV *Edge = SE.getConstant(I64, Ref.ElemSize + PageSize);
    if (Ref.Indirect) {
      // Anywhere in the array: a page per execution, at most the array.
      const SCEV *Execs = executions(Access->getParent(), Nest.IR, SE);
      if (!Execs)
        return nullptr;
      const SCEV *Bytes = SE.getMulExpr(Execs, SE.getConstant(I64, PageSize));
      if (Ref.ArrayBytes)
        Total = SE.getAddExpr(
            Total, SE.getUMinExpr(Bytes, SE.getConstant(I64, *Ref.ArrayBytes)), Edge);
      else
        Indirect.push_back(SE.getAddExpr(Bytes, Edge));
      continue;
    }
    const SCEV *Bytes = span(SE.getSCEV(Ptr), Outer, SE);
    if (!Bytes)
      return nullptr;
    Dense = SE.getAddExpr(Dense, Bytes, Edge);
  }
  // An array of unknown size addressed indirectly (a[b[i]], hist[x[i]]) is
  // taken to be no larger than the nest's dense data: a page per execution
  // would make the nest never fit, and run the hinted version in core.
  for (const SCEV *Bytes : Indirect)
    Total = SE.getAddExpr(Total, Dense->isZero() ? Bytes : SE.getUMinExpr(Bytes, Dense));
  return SE.getAddExpr(Total, Dense);
}

const SCEV *pagesPerIteration(const AnalyzedNest &Nest, int K, ScalarEvolution &SE) {
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const Loop *Outer = Nest.IR.Loops[0];
  const SCEV *Sum = SE.getZero(I64);
  for (const PageTerm &T : Nest.Locality.Loops[K].Pages) {
    const SCEV *Term = SE.getConstant(I64, T.Coef);
    for (auto [Loop, Div] : T.Factors) {
      const SCEV *BTC = backedgesInvariantIn(Nest.IR.Loops[Loop], Outer, SE);
      if (!BTC)
        return nullptr;
      // ceil(trip / Div) = backedges / Div + 1
      const SCEV *Pages = SE.getAddExpr(
          SE.getUDivExpr(SE.getTruncateOrZeroExtend(BTC, I64), SE.getConstant(I64, Div)),
          SE.getOne(I64));
      Term = SE.getMulExpr(Term, Pages);
    }
    Sum = SE.getAddExpr(Sum, Term);
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
    if (Base.Loops[K].DependsOnUnknownTrip && !Base.Loops[K].Localized)
      Depths.insert(loopDepth(Model, int(K)));
  Type *I64 = Type::getInt64Ty(SE.getContext());
  std::vector<LocalizedVersion> Out;
  std::set<std::vector<int>> Seen;
  for (int D : Depths) { // outermost first: the most localized version first
    if (Out.size() >= MaxVersions)
      break;
    MachineParams P = Params;
    P.AssumeFitFromDepth = D;
    NestLocality Loc = analyzeNest(Model, P);
    std::vector<int> Assumed;
    for (size_t K = 0; K < Model.Loops.size(); ++K)
      if (Loc.Loops[K].Localized && !Base.Loops[K].Localized)
        Assumed.push_back(int(K));
    if (Assumed.empty() || !Seen.insert(Assumed).second)
      continue;
    AnalyzedNest Probe{Nest.IR, Loc};
    const SCEV *Need = SE.getZero(I64);
    for (int K : Assumed) {
      const SCEV *Pages = pagesPerIteration(Probe, K, SE);
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

IRNest remapNest(const IRNest &N, ValueToValueMapTy &VMap, LoopInfo &LI) {
  IRNest C = N;
  for (Loop *&L : C.Loops)
    L = LI.getLoopFor(cast<BasicBlock>(VMap[L->getHeader()]));
  for (auto *List : {&C.Accesses, &C.IndexLoads})
    for (Instruction *&I : *List)
      if (I)
        I = cast<Instruction>(VMap[I]);
  return C;
}

Loop *cloneLoopUnder(Loop *L, function_ref<Value *(IRBuilder<> &)> Condition,
                     StringRef Suffix, ValueToValueMapTy &VMap, LoopInfo &LI,
                     DominatorTree &DT, ScalarEvolution &SE) {
  BasicBlock *Check = L->getLoopPreheader();
  if (!Check || !L->isRecursivelyLCSSAForm(DT, LI) ||
      !isa<BranchInst>(Check->getTerminator()))
    return nullptr;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB)
      if (I.getType()->isTokenTy() || isa<CallBrInst>(I))
        return nullptr;
  IRBuilder<> B(Check->getTerminator());
  Value *Cond = Condition(B);
  if (!Cond)
    return nullptr;

  // L keeps its own preheader; the clone gets a copy of it.
  BasicBlock *PH = SplitBlock(Check, Check->getTerminator(), &DT, &LI, nullptr,
                              L->getHeader()->getName() + ".oc.ph");
  SmallVector<BasicBlock *, 4> Exits;
  L->getUniqueExitBlocks(Exits);
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Clone = cloneLoopWithPreheader(PH, Check, L, VMap, Suffix, &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Instruction *Old = Check->getTerminator();
  BranchInst::Create(Clone->getLoopPreheader(), PH, Cond, Old);
  Old->eraseFromParent();

  // Both loops leave through the same exits: LCSSA phis get the clone's values.
  for (BasicBlock *X : Exits)
    for (PHINode &Phi : X->phis()) {
      SmallVector<std::pair<Value *, BasicBlock *>, 4> In;
      for (unsigned K = 0; K < Phi.getNumIncomingValues(); ++K)
        if (L->contains(Phi.getIncomingBlock(K)))
          In.push_back({Phi.getIncomingValue(K), Phi.getIncomingBlock(K)});
      for (auto [V, From] : In) {
        Value *NewV = VMap.lookup(V);
        Phi.addIncoming(NewV ? NewV : V, cast<BasicBlock>(VMap[From]));
      }
    }
  DT.recalculate(*Check->getParent());
  formDedicatedExitBlocks(L, &DT, &LI, nullptr, true);
  formDedicatedExitBlocks(Clone, &DT, &LI, nullptr, true);
  SE.forgetTopmostLoop(L);
  return Clone;
}

Loop *versionNest(Loop *Outer, const SCEV *Need, FunctionCallee MemoryLimit, StringRef Suffix,
                  ValueToValueMapTy &VMap, LoopInfo &LI, DominatorTree &DT,
                  ScalarEvolution &SE) {
  BasicBlock *Check = Outer->getLoopPreheader();
  SCEVExpander Exp(SE, Outer->getHeader()->getModule()->getDataLayout(), "oc.fp");
  if (!Check || !Exp.isSafeToExpandAt(Need, Check->getTerminator()))
    return nullptr;
  return cloneLoopUnder(
      Outer,
      [&](IRBuilder<> &B) -> Value * {
        Value *FP = Exp.expandCodeFor(Need, Need->getType(), &*B.GetInsertPoint());
        Value *Limit = B.CreateCall(MemoryLimit, {}, "oc.limit");
        return B.CreateICmpULE(FP, Limit, "oc.fits");
      },
      Suffix, VMap, LI, DT, SE);
}

} // namespace outcore
