//===- Versioning.cpp - Run-time choice between hinted and original nests -===//

#include "Versioning.h"
#include "UnswitchFitTests.h"

#include "RuntimeCalls.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"


using namespace llvm;

namespace outcore {

IRNest remapNest(const IRNest &N, ValueToValueMapTy &VMap, LoopInfo &LI) {
  IRNest C = N;
  // Parts of the nest outside the cloned loop stay as they are.
  for (Loop *&L : C.Loops)
    if (Value *Header = VMap.lookup(L->getHeader()))
      L = LI.getLoopFor(cast<BasicBlock>(Header));
  for (auto *List : {&C.Accesses, &C.IndexLoads})
    for (Instruction *&I : *List)
      if (I)
        if (Value *Copy = VMap.lookup(I))
          I = cast<Instruction>(Copy);
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
  // cloneLoopWithPreheader put the clone under Check in DT; the clone's edges
  // into the shared exits are what it does not know.
  SmallVector<DominatorTree::UpdateType, 4> ExitEdges;
  for (BasicBlock *BB : Clone->blocks())
    for (BasicBlock *Succ : successors(BB))
      if (!Clone->contains(Succ))
        ExitEdges.push_back({DominatorTree::Insert, BB, Succ});
  DomTreeUpdater(DT, DomTreeUpdater::UpdateStrategy::Eager).applyUpdates(ExitEdges);
  assert(DT.verify(DominatorTree::VerificationLevel::Fast) && "clone's dominators");
  formDedicatedExitBlocks(L, &DT, &LI, nullptr, true);
  formDedicatedExitBlocks(Clone, &DT, &LI, nullptr, true);
  SE.forgetTopmostLoop(L);
  return Clone;
}

/// Where the fit test for Need can run: the preheader of the outermost loop
/// around Outer in which Need, or its largest value over that loop's
/// iterations, is invariant, so that a nest entered again and again from a
/// loop the pass does not model is tested once, not per entry (a tile's
/// footprint, min(e, n) - b, is bounded over the loop of tiles; the test
/// then asks about the tiles' data, and a function whose tests all read its
/// arguments runs its plain body when they pass, see Originals.cpp); else
/// Outer's own preheader. Need becomes what is tested there. Null when Need
/// cannot be expanded there.
static Instruction *fitTestPoint(Loop *Outer, const SCEV *&Need, SCEVExpander &Exp,
                                 ScalarEvolution &SE) {
  BasicBlock *Check = Outer->getLoopPreheader();
  if (!Check || !Exp.isSafeToExpandAt(Need, Check->getTerminator()))
    return nullptr;
  Instruction *At = Check->getTerminator();
  for (Loop *P = Outer->getParentLoop(); P; P = P->getParentLoop()) {
    BasicBlock *PH = P->getLoopPreheader();
    if (!PH)
      break;
    // Values the footprint reads that are computed in P from values
    // invariant in it (n / 2 in a loop bound, before LICM has run) move to
    // P's preheader, where they are computed once.
    SmallVector<Instruction *, 4> Computed;
    SCEVExprContains(Need, [&](const SCEV *S) { // collects, finds nothing
      if (auto *U = dyn_cast<SCEVUnknown>(S))
        if (auto *I = dyn_cast<Instruction>(U->getValue()); I && P->contains(I))
          Computed.push_back(I);
      return false;
    });
    bool Moved = false, Invariant = true;
    for (Instruction *I : Computed)
      Invariant &= P->makeLoopInvariant(I, Moved, PH->getTerminator(), nullptr, &SE);
    const SCEV *Tested = Need;
    if (Invariant && !SE.isLoopInvariant(Need, P))
      Tested = upperBoundOver(Need, P, SE);
    if (!Invariant || !Tested || !SE.isLoopInvariant(Tested, P) ||
        !Exp.isSafeToExpandAt(Tested, PH->getTerminator()))
      break;
    Need = Tested;
    At = PH->getTerminator();
  }
  return At;
}

/// Instructions a loop around a nest may have outside the nest and still be
/// copied with it (a few calls and updates: the loops the pass cannot model
/// because they call a function).
constexpr unsigned SmallLoopInstructions = 64;

/// The loop that the fit test made at At chooses a copy of: Outer, or the
/// outermost loop between Outer and At that does little besides entering
/// Outer, so that a small nest entered again and again from a small loop
/// runs its in-core path with no branch per entry.
static Loop *loopToVersion(Loop *Outer, const Instruction *At) {
  Loop *Chosen = Outer;
  for (Loop *P = Outer->getParentLoop(); P && !P->contains(At); P = P->getParentLoop()) {
    if (P->getSubLoops().size() != 1)
      break;
    unsigned Own = 0;
    for (BasicBlock *BB : P->blocks())
      if (!Chosen->contains(BB))
        Own += BB->size();
    if (Own > SmallLoopInstructions)
      break;
    Chosen = P;
  }
  return Chosen;
}

/// Where a footprint with entry reads is tested: the preheader of Outer,
/// whose first iteration reads them too; null when they or the rest of
/// Bytes cannot be computed there.
static Instruction *entryReadPoint(Loop *Outer, const Footprint &FP, SCEVExpander &Exp,
                                   ScalarEvolution &SE) {
  BasicBlock *Check = Outer->getLoopPreheader();
  if (!Check)
    return nullptr;
  Instruction *At = Check->getTerminator();
  ValueToSCEVMapTy Zero;
  for (const EntryRead &R : FP.Reads) {
    if (!Exp.isSafeToExpandAt(R.Address, At))
      return nullptr;
    Zero[R.Stands] = SE.getZero(R.Ty);
  }
  return Exp.isSafeToExpandAt(SCEVParameterRewriter::rewrite(FP.Bytes, SE, Zero), At) ? At
                                                                                      : nullptr;
}

/// Clones L (left untouched), choosing the clone when FP.Bytes <= the limit
/// loaded from LimitNow, or <= AlwaysFits, tested at At (after loading FP's
/// entry reads there).
static Loop *versionAt(Loop *L, Instruction *At, const Footprint &FP, uint64_t AlwaysFits,
                       SCEVExpander &Exp, Constant *LimitNow, StringRef Suffix,
                       ValueToValueMapTy &VMap, LoopInfo &LI, DominatorTree &DT,
                       ScalarEvolution &SE) {
  return cloneLoopUnder(
      L,
      [&](IRBuilder<> &) -> Value * {
        IRBuilder<> B(At);
        ValueToSCEVMapTy Loaded;
        for (const EntryRead &R : FP.Reads) {
          Value *Addr = Exp.expandCodeFor(R.Address, B.getPtrTy(), At);
          Loaded[R.Stands] = SE.getUnknown(B.CreateAlignedLoad(
              R.Ty, Addr, cast<LoadInst>(R.Stands)->getAlign(), "oc.entry"));
        }
        const SCEV *Need = SCEVParameterRewriter::rewrite(FP.Bytes, SE, Loaded);
        Value *Bytes = Exp.expandCodeFor(Need, Need->getType(), At);
        // The runtime stores the figure with relaxed atomics while other
        // threads may run this test.
        LoadInst *Published =
            B.CreateAlignedLoad(B.getInt64Ty(), LimitNow, Align(8), "oc.limit");
        Published->setAtomic(AtomicOrdering::Unordered);
        // Never below the runtime's floor, and always set (LONG_MAX until it
        // runs): a footprint within the floor folds the test away.
        Published->setMetadata(LLVMContext::MD_range,
                               MDBuilder(B.getContext())
                                   .createRange(APInt(64, MemoryLimitNowMin), APInt(64, 0)));
        Published->setMetadata(LLVMContext::MD_noundef, MDNode::get(B.getContext(), {}));
        Value *Limit = AlwaysFits > MemoryLimitNowMin
                           ? B.CreateBinaryIntrinsic(Intrinsic::umax, Published,
                                                     B.getInt64(AlwaysFits), nullptr,
                                                     "oc.limit.floor")
                           : Published;
        return B.CreateICmpULE(Bytes, Limit, "oc.fits");
      },
      Suffix, VMap, LI, DT, SE);
}

Loop *versionNest(Loop *Outer, const SCEV *Need, Constant *LimitNow, StringRef Suffix,
                  ValueToValueMapTy &VMap, LoopInfo &LI, DominatorTree &DT,
                  ScalarEvolution &SE) {
  assert(Need && "a fit test needs a footprint");
  SCEVExpander Exp(SE, Outer->getHeader()->getModule()->getDataLayout(), "oc.fp");
  Instruction *At = fitTestPoint(Outer, Need, Exp, SE);
  return At ? versionAt(Outer, At, Footprint{Need, {}, std::nullopt}, 0, Exp, LimitNow, Suffix, VMap, LI, DT,
                       SE)
            : nullptr;
}

/// Where a footprint with rows summed is tested: the preheader of Outer,
/// where the rows' count, their reads' addresses and the rest of Bytes can
/// be computed; null otherwise (or with entry reads as well).
static Instruction *rowSumPoint(Loop *Outer, const Footprint &FP, SCEVExpander &Exp,
                               ScalarEvolution &SE) {
  BasicBlock *Check = Outer->getLoopPreheader();
  if (!Check || !FP.Reads.empty())
    return nullptr;
  Instruction *At = Check->getTerminator();
  if (!Exp.isSafeToExpandAt(FP.Bytes, At) || !Exp.isSafeToExpandAt(FP.Rows->Trips, At))
    return nullptr;
  for (Instruction *I : FP.Rows->Computed) {
    auto *Read = dyn_cast<LoadInst>(I);
    auto *Address = Read ? cast<SCEVAddRecExpr>(SE.getSCEV(Read->getPointerOperand())) : nullptr;
    if (Address && (!Exp.isSafeToExpandAt(Address->getStart(), At) ||
                    !Exp.isSafeToExpandAt(Address->getStepRecurrence(SE), At)))
      return nullptr;
  }
  return At;
}

/// Rows this many and shorter than RowSumLongRow bytes on average are short:
/// the sum stops there and says they fit, so that the original nest runs. The
/// sum would cost as much as the nest (a vector of 3-element vectors: 1.16x
/// the plain build's instructions), and rows under a page get no hints of
/// their own anyway.
constexpr uint64_t RowSumSample = 16;
constexpr uint64_t RowSumLongRow = 8192; // two pages of 4 KiB

/// Emits before At (the preheader's terminator of Outer, whose rows Rows
/// sums) a loop over Outer's iterations that adds up each row's bytes,
/// computing again what Outer's header computes for it; returns the sum, 0
/// when Outer runs no iteration or its first rows are short. The loop is
/// registered in LI and DT.
///
///   pre:    n = trips; br n > 0, ph, tail
///   ph:     br rows
///   rows:   r, acc = phi; v = load start + r * step; w = f(v) ...
///           acc' = acc + row(r, w); short = r + 1 == sample && acc' < sample * long
///           br r + 1 < n && !short, rows, exit
///   exit:   br tail
///   tail:   sum = phi [0, pre], [short ? 0 : acc', exit]; At
static Value *emitRowSum(const RowSum &Rows, Loop *Outer, Instruction *At, SCEVExpander &Exp,
                         LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  IRBuilder<> B(At);
  Type *I64 = B.getInt64Ty();
  Value *Trips = Exp.expandCodeFor(Rows.Trips, I64, At);
  DenseMap<const LoadInst *, std::pair<Value *, Value *>> Walks; // start, step
  for (Instruction *I : Rows.Computed)
    if (auto *Read = dyn_cast<LoadInst>(I)) {
      auto *Address = cast<SCEVAddRecExpr>(SE.getSCEV(Read->getPointerOperand()));
      Walks[Read] = {Exp.expandCodeFor(Address->getStart(), B.getPtrTy(), At),
                     Exp.expandCodeFor(Address->getStepRecurrence(SE), I64, At)};
    }
  Value *Any = B.CreateICmpSGT(Trips, B.getInt64(0), "oc.rows.any");

  BasicBlock *Pre = At->getParent();
  Loop *Around = LI.getLoopFor(Pre);
  BasicBlock *Tail = SplitBlock(Pre, At, &DT, &LI, nullptr, "oc.rows.done");
  LLVMContext &Ctx = Pre->getContext();
  Function *F = Pre->getParent();
  auto *PH = BasicBlock::Create(Ctx, "oc.rows.ph", F, Tail);
  auto *Header = BasicBlock::Create(Ctx, "oc.rows", F, Tail);
  auto *Exit = BasicBlock::Create(Ctx, "oc.rows.exit", F, Tail);
  ReplaceInstWithInst(Pre->getTerminator(), BranchInst::Create(PH, Tail, Any));
  BranchInst::Create(Header, PH);

  B.SetInsertPoint(Header);
  PHINode *Row = B.CreatePHI(I64, 2, "oc.row");
  PHINode *Acc = B.CreatePHI(I64, 2, "oc.rows.acc");
  ValueToValueMapTy Again;
  ValueToSCEVMapTy Computed;
  for (Instruction *I : Rows.Computed) {
    Instruction *Copy;
    if (auto *Read = dyn_cast<LoadInst>(I)) {
      auto [Start, Step] = Walks[Read];
      Copy = B.CreateAlignedLoad(Read->getType(),
                                 B.CreateGEP(B.getInt8Ty(), Start, B.CreateMul(Row, Step)),
                                 Read->getAlign(), "oc.rows.read");
    } else {
      Copy = B.Insert(I->clone(), I->getName() + ".oc.rows");
      RemapInstruction(Copy, Again, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    }
    Again[I] = Copy;
    Computed[I] = SE.getUnknown(Copy);
  }
  Value *Next = B.CreateAdd(Row, B.getInt64(1), "oc.row.next");
  LoopToScevMapT AtRow{{Outer, SE.getUnknown(Row)}};
  const SCEV *PerRow = SCEVParameterRewriter::rewrite(
      SCEVLoopAddRecRewriter::rewrite(Rows.PerRow, AtRow, SE), SE, Computed);
  SCEVExpander RowExp(SE, F->getDataLayout(), "oc.rows");
  Value *Bytes = RowExp.expandCodeFor(PerRow, I64, cast<Instruction>(Next));
  B.SetInsertPoint(Header);
  Value *Sum = B.CreateAdd(Acc, Bytes, "oc.rows.sum");
  Value *Short = B.CreateAnd(B.CreateICmpEQ(Next, B.getInt64(RowSumSample)),
                             B.CreateICmpULT(Sum, B.getInt64(RowSumSample * RowSumLongRow)),
                             "oc.rows.short");
  B.CreateCondBr(B.CreateAnd(B.CreateICmpULT(Next, Trips), B.CreateNot(Short)), Header, Exit);
  Row->addIncoming(B.getInt64(0), PH);
  Row->addIncoming(Next, Header);
  Acc->addIncoming(B.getInt64(0), PH);
  Acc->addIncoming(Sum, Header);
  B.SetInsertPoint(Exit);
  PHINode *SumOut = B.CreatePHI(I64, 1, "oc.rows.sum.lcssa");
  SumOut->addIncoming(Sum, Header);
  PHINode *ShortOut = B.CreatePHI(B.getInt1Ty(), 1, "oc.rows.short.lcssa");
  ShortOut->addIncoming(Short, Header);
  Value *Counted = B.CreateSelect(ShortOut, B.getInt64(0), SumOut);
  B.CreateBr(Tail);
  B.SetInsertPoint(&*Tail->getFirstInsertionPt());
  PHINode *Total = B.CreatePHI(I64, 2, "oc.rows.bytes");
  Total->addIncoming(B.getInt64(0), Pre);
  Total->addIncoming(Counted, Exit);

  Loop *RowsLoop = LI.AllocateLoop();
  if (Around) {
    Around->addChildLoop(RowsLoop);
    Around->addBasicBlockToLoop(PH, LI);
    Around->addBasicBlockToLoop(Exit, LI);
  } else {
    LI.addTopLevelLoop(RowsLoop);
  }
  RowsLoop->addBasicBlockToLoop(Header, LI);
  DT.addNewBlock(PH, Pre);
  DT.addNewBlock(Header, PH);
  DT.addNewBlock(Exit, Header);
  DT.changeImmediateDominator(Tail, Pre);
  assert(DT.verify(DominatorTree::VerificationLevel::Fast) && "the row sum's dominators");
  return Total;
}

BasicBlock *versionOriginal(Loop *Outer, const Footprint &FP, uint64_t AlwaysFits,
                            Constant *LimitNow, LoopInfo &LI, DominatorTree &DT,
                            ScalarEvolution &SE) {
  assert(FP.Bytes && "a fit test needs a footprint");
  SCEVExpander Exp(SE, Outer->getHeader()->getModule()->getDataLayout(), "oc.fp");
  Footprint Tested = FP;
  Instruction *At = FP.Rows           ? rowSumPoint(Outer, FP, Exp, SE)
                    : FP.Reads.empty() ? fitTestPoint(Outer, Tested.Bytes, Exp, SE)
                                       : entryReadPoint(Outer, FP, Exp, SE);
  if (At && FP.Rows)
    Tested.Bytes = SE.getAddExpr(
        Tested.Bytes, SE.getUnknown(emitRowSum(*FP.Rows, Outer, At, Exp, LI, DT, SE)));
  ValueToValueMapTy VMap;
  Loop *Original = At ? versionAt(loopToVersion(Outer, At), At, Tested, AlwaysFits, Exp,
                                  LimitNow, ".oc.orig", VMap, LI, DT, SE)
                      : nullptr;
  if (!Original)
    return nullptr;
  // In core is the likely way: block placement and register allocation then
  // favour the original loop, which must cost what the plain build's does
  // (a value kept in a callee-saved register for the hinted copy's calls
  // would otherwise be copied back on every iteration of the original).
  auto *Test = cast<BranchInst>(
      Original->getLoopPreheader()->getSinglePredecessor()->getTerminator());
  assert(Test->getSuccessor(0) == Original->getLoopPreheader() && "the fit test takes the clone");
  Test->setMetadata(LLVMContext::MD_prof,
                    MDBuilder(Test->getContext()).createLikelyBranchWeights());
  markFitTest(*Test);
  return Test->getSuccessor(1);
}

constexpr const char *OutlinedAttr = "outcore-hinted";

bool isOutlinedHinted(const Function &F) { return F.hasFnAttribute(OutlinedAttr); }

/// Whether Region holds what CodeExtractor's own checks let through but
/// another function would change: a return (the new function would return in
/// its place), a musttail call (it must stay before its function's return), a
/// returns_twice call (setjmp: its frame would be gone when longjmp comes), or
/// a question about the frame (return or frame address), or a coroutine
/// intrinsic.
static bool extractorWouldMiscompile(ArrayRef<BasicBlock *> Region) {
  for (BasicBlock *BB : Region) {
    if (isa<ReturnInst>(BB->getTerminator()))
      return true;
    for (Instruction &I : *BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call)
        continue;
      if (Call->isMustTailCall() || Call->hasFnAttr(Attribute::ReturnsTwice))
        return true;
      // CoroSplit must find the suspend points and the frame in their own body.
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->getName().starts_with("llvm.coro."))
        return true;
      switch (Call->getIntrinsicID()) {
      case Intrinsic::returnaddress:
      case Intrinsic::frameaddress:
      case Intrinsic::sponentry:
      case Intrinsic::localescape:
        return true;
      default:
        break;
      }
    }
  }
  return false;
}

/// Gives the outlined function's pointer parameters the parent's `noalias`
/// (C's restrict) where the call passes a pointer based on a noalias argument
/// of the parent that does not escape (nocapture: no copy of it to be loaded
/// inside), and on no other parameter: inside the call that object is reached
/// only through it, as in the parent. Without it the hinted copy stored
/// MATVEC's `c[i]` on every iteration where the original keeps it in a
/// register (47 % more instructions in the hinted loop).
static void keepNoAlias(Function &Hinted) {
  assert(Hinted.hasOneUse() && "the hinted side has one call");
  auto *Call = cast<CallInst>(Hinted.user_back());
  SmallVector<const Argument *, 8> Objects(Call->arg_size(), nullptr);
  DenseMap<const Argument *, unsigned> Uses;
  for (unsigned I = 0; I < Call->arg_size(); ++I) {
    Value *Actual = Call->getArgOperand(I);
    if (!Actual->getType()->isPointerTy())
      continue;
    auto *Obj = dyn_cast<Argument>(getUnderlyingObject(Actual));
    if (Obj && Obj->hasNoAliasAttr() && Obj->hasNoCaptureAttr()) {
      Objects[I] = Obj;
      ++Uses[Obj];
    }
  }
  for (unsigned I = 0; I < Call->arg_size(); ++I)
    if (Objects[I] && Uses[Objects[I]] == 1)
      Hinted.addParamAttr(I, Attribute::NoAlias);
}

/// Whether nothing the program sees may be written between the load L and the
/// start of To, reached from L's block through blocks of one predecessor each
/// (the runtime's calls touch only its own memory).
static bool nothingWrittenBetween(const LoadInst *L, const BasicBlock *To) {
  auto Writes = [](const Instruction &I) {
    auto *Call = dyn_cast<CallBase>(&I);
    return I.mayWriteToMemory() && !(Call && Call->onlyAccessesInaccessibleMemory());
  };
  for (const BasicBlock *BB = To; BB != L->getParent();) {
    BB = BB->getSinglePredecessor();
    if (!BB)
      return false;
    auto From = BB == L->getParent() ? std::next(L->getIterator()) : BB->begin();
    if (std::any_of(From, BB->end(), Writes))
      return false;
  }
  return true;
}

/// Loads of a module's own globals holding pointers (array pointers hoisted
/// before the nest) that the region uses are loaded again at its entry, where
/// they read the same value: passed to the outlined function, the pointer
/// would escape for GlobalsAA, which then drops the global's facts (distinct
/// malloc'd arrays) in the plain version too, as in the plain build it has
/// them (a loop reading `field[g]` beside `vx[i]` of such globals lost its
/// vectorization: 1.6x plain's time in core).
static void reloadGlobalPointers(ArrayRef<BasicBlock *> Region) {
  SmallPtrSet<const BasicBlock *, 32> Inside(Region.begin(), Region.end());
  BasicBlock *Entry = Region.front();
  DenseMap<LoadInst *, LoadInst *> Reloads; // to itself where not reloaded
  for (BasicBlock *BB : Region)
    for (Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue; // its value may come from outside the region
      for (Use &U : I.operands()) {
        auto *L = dyn_cast<LoadInst>(U.get());
        auto *G = L ? dyn_cast<GlobalVariable>(L->getPointerOperand()) : nullptr;
        if (!G || !G->hasLocalLinkage() || !L->isSimple() || !L->getType()->isPointerTy() ||
            Inside.contains(L->getParent()))
          continue;
        LoadInst *&Reload = Reloads[L];
        if (!Reload) {
          Reload = L;
          if (nothingWrittenBetween(L, Entry)) {
            Reload = cast<LoadInst>(L->clone());
            Reload->insertBefore(Entry->getFirstInsertionPt());
          }
        }
        U.set(Reload);
      }
    }
}

bool outlineHinted(BasicBlock *HintedEntry, unsigned Number, AssumptionCache *AC) {
  Function &F = *HintedEntry->getParent();
  DominatorTree DT(F);
  SmallPtrSet<BasicBlock *, 32> Dominated;
  for (BasicBlock &BB : F)
    if (DT.isReachableFromEntry(&BB) && DT.dominates(HintedEntry, &BB))
      Dominated.insert(&BB);
  // In the function's order, which the new function keeps (the entry first).
  SmallVector<BasicBlock *, 32> Region{HintedEntry};
  for (BasicBlock &BB : F)
    if (&BB != HintedEntry && Dominated.contains(&BB))
      Region.push_back(&BB);
  if (extractorWouldMiscompile(Region))
    return false;
  reloadGlobalPointers(Region);
  CodeExtractor CE(Region, &DT, /*AggregateArgs=*/false, /*BFI=*/nullptr, /*BPI=*/nullptr, AC,
                   /*AllowVarArgs=*/false, /*AllowAlloca=*/false, /*AllocationBlock=*/nullptr,
                   ("outcore.hinted." + Twine(Number)).str());
  if (!CE.isEligible())
    return false;
  CodeExtractorAnalysisCache CEAC(F);
  Function *Hinted = CE.extractCodeRegion(CEAC);
  if (!Hinted)
    return false;
  // Inlined back, the single call would undo the point of moving it.
  Hinted->removeFnAttr(Attribute::AlwaysInline);
  Hinted->addFnAttr(Attribute::NoInline);
  Hinted->addFnAttr(OutlinedAttr);
  keepNoAlias(*Hinted);
  return true;
}

} // namespace outcore
