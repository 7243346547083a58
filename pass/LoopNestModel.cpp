//===- LoopNestModel.cpp - LLVM IR loop nests as NestModels ---------------===//

#include "LoopNestModel.h"
#include "NestBuilders.h"

#include "polly/ScopDetection.h"
#include "polly/ScopDetectionDiagnostic.h"
#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/RegionInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include "isl/ast_build.h"
#include "isl/options.h"

#include <algorithm>

#define DEBUG_TYPE "outcore"

using namespace llvm;

namespace outcore {

static std::shared_ptr<isl_ctx> makeIslCtx() {
  isl_ctx *Ctx = isl_ctx_alloc();
  // isl aborts the process on some errors by default; a bad input must only
  // make the analysis give up on a nest.
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  return std::shared_ptr<isl_ctx>(Ctx, isl_ctx_free);
}

/// A C expression for a piecewise affine function of the parameters ("n - 1").
std::string cExpression(isl::pw_aff PA) {
  if (PA.is_null())
    return "?";
  isl_ast_build *Build =
      isl_ast_build_from_context(isl_set_universe(isl_space_params(
          isl_pw_aff_get_space(PA.get()))));
  isl_ast_expr *Expr = isl_ast_build_expr_from_pw_aff(Build, PA.release());
  isl_ast_build_free(Build);
  if (!Expr)
    return "?";
  char *Text = isl_ast_expr_to_C_str(Expr);
  std::string Result = Text ? Text : "?";
  free(Text);
  isl_ast_expr_free(Expr);
  return Result;
}

static std::optional<int64_t> asConstant(StringRef Text) {
  int64_t V;
  if (Text.trim().getAsInteger(10, V))
    return std::nullopt;
  return V;
}

/// SCEV text without IR sigils and wrap flags: "(-1 + n)".
std::string scevText(const SCEV *S) {
  std::string Raw;
  raw_string_ostream OS(Raw);
  S->print(OS);
  std::string Out;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '%') {
      // An unnamed value prints as its slot, "%3": keep it from reading as
      // the number 3.
      if (I + 1 < Raw.size() && isdigit(static_cast<unsigned char>(Raw[I + 1])))
        Out += 'v';
      continue;
    }
    if (Raw[I] == '<') { // <nsw>, <nuw>, <%loop>
      size_t Close = Raw.find('>', I);
      if (Close != std::string::npos) {
        I = Close;
        continue;
      }
    }
    Out += Raw[I];
  }
  return Out;
}

/// The induction PHI of L as an add recurrence, if there is one.
static const SCEVAddRecExpr *inductionOf(Loop *L, ScalarEvolution &SE,
                                         PHINode **PhiOut) {
  for (PHINode &Phi : L->getHeader()->phis()) {
    if (!SE.isSCEVable(Phi.getType()))
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (AR && AR->getLoop() == L && AR->isAffine()) {
      *PhiOut = &Phi;
      return AR;
    }
  }
  return nullptr;
}


/// Whether a debug record names a variable of the source function itself: not
/// one of an inlined accessor (its `this`), not one the compiler made (a
/// range-based for's `__begin1`).
static bool isSourceVariable(const DILocalVariable *Var, const DebugLoc &Loc) {
  return !Var->isArtificial() && !(Loc && Loc.getInlinedAt());
}

/// The source variable a value holds, from debug info (-g), if known.
static const DILocalVariable *debugVariable(Value *V) {
  SmallVector<DbgVariableIntrinsic *, 2> Intrinsics;
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgUsers(Intrinsics, V, &Records);
  for (DbgVariableRecord *R : Records)
    if (isSourceVariable(R->getVariable(), R->getDebugLoc()))
      return R->getVariable();
  for (DbgVariableIntrinsic *I : Intrinsics)
    if (isSourceVariable(I->getVariable(), I->getDebugLoc()))
      return I->getVariable();
  return nullptr;
}

std::optional<std::string> debugVariableName(Value *V) {
  if (const DILocalVariable *Var = debugVariable(V))
    return Var->getName().str();
  return std::nullopt;
}

/// "g->u" for the address of field u of the struct a variable g points to, "g.u"
/// when g is a C++ reference, from debug info (-g); the field is the member at the
/// address's offset.
static std::optional<std::string> fieldName(const Value *Address) {
  auto *GEP = dyn_cast<GEPOperator>(Address);
  if (!GEP)
    return std::nullopt;
  Value *Base = const_cast<Value *>(GEP->getPointerOperand()->stripPointerCasts());
  const DILocalVariable *Var = debugVariable(Base);
  auto *Fn = dyn_cast<Instruction>(GEP) ? cast<Instruction>(GEP)->getFunction() : nullptr;
  APInt Offset(64, 0);
  if (!Var || !Fn || !GEP->accumulateConstantOffset(Fn->getDataLayout(), Offset))
    return std::nullopt;
  auto *Pointer = dyn_cast_or_null<DIDerivedType>(Var->getType());
  if (!Pointer)
    return std::nullopt;
  const char *Separator = Pointer->getTag() == dwarf::DW_TAG_pointer_type ? "->"
                          : Pointer->getTag() == dwarf::DW_TAG_reference_type ||
                                  Pointer->getTag() == dwarf::DW_TAG_rvalue_reference_type
                              ? "."
                              : nullptr;
  if (!Separator)
    return std::nullopt;
  const DIType *Pointee = Pointer->getBaseType();
  while (auto *Alias = dyn_cast_or_null<DIDerivedType>(Pointee)) // typedefs, const
    Pointee = Alias->getBaseType();
  auto *Struct = dyn_cast_or_null<DICompositeType>(Pointee);
  if (!Struct)
    return std::nullopt;
  for (const DINode *Element : Struct->getElements())
    if (auto *Member = dyn_cast<DIDerivedType>(Element))
      if (Member->getTag() == dwarf::DW_TAG_member &&
          Member->getOffsetInBits() == Offset.getZExtValue() * 8)
        return Var->getName().str() + Separator + Member->getName().str();
  return std::nullopt;
}


/// The source name of L's induction variable: from debug info when compiled
/// with -g, else the PHI's name without the ".0" mem2reg adds.
static std::string sourceLoopName(Loop *L, ScalarEvolution &SE, unsigned Index) {
  PHINode *Phi = nullptr;
  if (inductionOf(L, SE, &Phi)) {
    if (std::optional<std::string> Name = debugVariableName(Phi))
      return *Name;
    StringRef Name = Phi->getName();
    Name = Name.take_until([](char C) { return C == '.'; });
    if (!Name.empty() && !Name.starts_with("indvars"))
      return Name.str();
  }
  return "i" + std::to_string(Index);
}

/// Describes loop L (first and last source IV values, trip count). TripText
/// comes from isl when Polly knows the domain, else from ScalarEvolution.
/// Where the source IV is not first + c or first - c for a constant first
/// (non-unit steps, triangular bounds), the loop is named by its iteration
/// counter, "j#", counting from 0, so that predicates stay exact.
NestLoop describeLoop(Loop *L, int Parent, unsigned Index, ScalarEvolution &SE,
                      std::optional<std::string> TripFromIsl,
                      std::optional<SourceCounter> &Source) {
  NestLoop NL;
  NL.Parent = Parent;
  NL.Name = sourceLoopName(L, SE, Index);
  // ScalarEvolution gives the plainest text ("n") when the trip count is
  // invariant in the whole nest; Polly's domain covers triangular loops (its
  // maximum over the outer loops) and is exact where SCEV gives up.
  const SCEV *BTC = backedgeCount(L, SE);
  Loop *Outermost = L;
  while (Outermost->getParentLoop())
    Outermost = Outermost->getParentLoop();
  if (BTC && SE.isLoopInvariant(BTC, Outermost))
    NL.TripText = scevText(SE.getAddExpr(BTC, SE.getOne(BTC->getType())));
  else
    NL.TripText = TripFromIsl ? *TripFromIsl : "unknown";
  NL.TripCount = asConstant(NL.TripText);
  NL.TripKey = BTC; // ScalarEvolution uniques expressions: equal means equal
  PHINode *Phi = nullptr;
  Source.reset();
  if (const SCEVAddRecExpr *AR = inductionOf(L, SE, &Phi)) {
    auto *Start = dyn_cast<SCEVConstant>(AR->getStart());
    auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (Start && Step && Step->getAPInt().abs().isOne())
      Source = SourceCounter{Start->getAPInt().getSExtValue(),
                             Step->getAPInt().getSExtValue()};
  }
  if (Source) {
    NL.Step = Source->Step;
    NL.FirstText = std::to_string(Source->First);
    if (NL.TripCount && *NL.TripCount > 0)
      NL.LastText = std::to_string(Source->First +
                                   Source->Step * (*NL.TripCount - 1));
    else if (BTC && SE.isLoopInvariant(BTC, Outermost))
      NL.LastText = scevText(cast<SCEVAddRecExpr>(SE.getSCEV(Phi))
                                 ->evaluateAtIteration(BTC, SE));
  } else {
    NL.Name += "#";
    NL.FirstText = "0";
    NL.LastText = NL.TripCount ? std::to_string(*NL.TripCount - 1)
                               : "(" + NL.TripText + ") - 1";
  }
  if (NL.LastText.empty())
    NL.LastText = "last";
  return NL;
}

std::optional<int64_t> allocatedBytes(const Value *Base, const DataLayout &DL) {
  // Globals with a definitive initializer, allocas and calls with a constant
  // allocsize (malloc(44), calloc(n, 8) with constants): the whole object.
  uint64_t Size;
  if (getObjectSize(Base->stripPointerCasts(), Size, DL, /*TLI=*/nullptr))
    return int64_t(Size);
  return std::nullopt;
}

/// Sizes of the dimensions of a fixed-size array object ([9 x [4 x double]]
/// gives {9, 4}) and the size of its scalar element.
static std::vector<uint64_t> fixedArrayDims(const Value *Base, const DataLayout &DL,
                                            int64_t &ElemSize) {
  Base = Base->stripPointerCasts();
  Type *T = nullptr;
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    T = GV->getValueType();
  else if (auto *AI = dyn_cast<AllocaInst>(Base))
    T = AI->getAllocatedType();
  std::vector<uint64_t> Dims;
  while (auto *AT = dyn_cast_or_null<ArrayType>(T)) {
    Dims.push_back(AT->getNumElements());
    T = AT->getElementType();
  }
  ElemSize = T && T->isSized() ? int64_t(DL.getTypeStoreSize(T)) : 0;
  return Dims;
}

/// instcombine folds trailing zero indices (B[j][0] becomes a GEP over
/// [4 x double]), and Polly then sees a 1-D access B[4j]. For a fixed-size
/// array object, recover the source's dimensions: reuse analysis depends on
/// them (the last row of H is the one spatial reuse zeroes).
isl::map restoreDimensions(isl::map Access, const Value *Base,
                           int64_t ElemSize, const DataLayout &DL) {
  int64_t ObjectElemSize;
  std::vector<uint64_t> Dims = fixedArrayDims(Base, DL, ObjectElemSize);
  if (Dims.size() < 2 || ObjectElemSize != ElemSize ||
      Access.range_tuple_dim().release() != 1)
    return Access;
  std::string Out, Sum, Bounds;
  uint64_t Stride = 1;
  for (size_t D = Dims.size(); D-- > 0;) {
    std::string O = "o" + std::to_string(D);
    Out = O + (Out.empty() ? "" : ", ") + Out;
    Sum += (Sum.empty() ? "" : " + ") + std::to_string(Stride) + "*" + O;
    if (D > 0)
      Bounds += " and 0 <= " + O + " < " + std::to_string(Dims[D]);
    Stride *= Dims[D];
  }
  isl::map Reshape(Access.ctx(),
                   "{ [k] -> [" + Out + "] : k = " + Sum + Bounds + " }");
  return Access.apply_range(Reshape);
}

/// The name of an array's base: its IR name, else (clang discards value
/// names) its source variable from debug info, else the argument position.
std::string baseName(const Value *Base) {
  Base = Base->stripPointerCasts();
  if (Base->hasName())
    return Base->getName().str();
  if (std::optional<std::string> Name =
          debugVariableName(const_cast<Value *>(Base)))
    return *Name;
  if (auto *Arg = dyn_cast<Argument>(Base))
    return "arg" + std::to_string(Arg->getArgNo());
  // A pointer read from a variable (a global `double *a`, an array shared
  // with an OpenMP outlined body) is named after the variable; one read from
  // a struct's field after the field (g->u).
  if (auto *Load = dyn_cast<LoadInst>(Base)) {
    if (std::optional<std::string> Field = fieldName(Load->getPointerOperand()))
      return *Field;
    return baseName(Load->getPointerOperand());
  }
  // A base the optimiser moved into the array (px + lo, where a loop starts at
  // lo) is named after the array.
  if (auto *GEP = dyn_cast<GEPOperator>(Base))
    return baseName(GEP->getPointerOperand());
  return "unnamed";
}


/// Why Polly declined the regions around L, from their rejection logs: the
/// first reason found at the block of At (the instruction our own refusal is
/// about), or at a block of L when there is none. A region around L may be
/// rejected for other code (another call), which would only confuse.
static std::string pollyRejection(Loop *L, const Instruction *At,
                                  const polly::ScopDetection &SD, RegionInfo &RI) {
  for (Region *R = RI.getRegionFor(L->getHeader()); R; R = R->getParent())
    if (const polly::RejectLog *Log = SD.lookupRejectionLog(R))
      for (const polly::RejectReasonPtr &Reason : *Log) {
        auto *Where = dyn_cast_or_null<BasicBlock>(Reason->getRemarkBB());
        if (!Where || (At ? Where != At->getParent() : !L->contains(Where)))
          continue;
        std::string Message = Reason->getMessage();
        if (Message.size() > 160)
          Message = Message.substr(0, 157) + "...";
        return Message;
      }
  return "";
}

static bool containsAny(Loop *L, const SmallPtrSetImpl<Loop *> &Set) {
  if (Set.count(L))
    return true;
  return llvm::any_of(*L, [&](Loop *Sub) { return containsAny(Sub, Set); });
}

/// Whether the counter value V compared in L's latch cannot wrap: its
/// recurrence says so, or V is the latch's own `add nsw` (wrapping would make
/// it poison, and the branch on its comparison undefined). ScalarEvolution
/// does not carry that flag over when the add is not in the header.
static bool counterCannotWrap(const Value *V, const SCEVAddRecExpr *AR, const Loop *L) {
  if (AR->hasNoSignedWrap())
    return true;
  auto *Inc = dyn_cast<BinaryOperator>(V);
  return Inc && Inc->getOpcode() == Instruction::Add && Inc->hasNoSignedWrap() &&
         Inc->getParent() == L->getLoopLatch();
}

/// The backedges of `do ... while (++iv <= bound)` with a counter that cannot
/// wrap (nsw), as an OpenMP chunk's loop is written: ScalarEvolution gives up
/// there when bound + 1 may overflow, which the counter's nsw rules out.
/// max(bound - first + 1, 0), first the counter's value at the first test, as
/// an unsigned 64-bit count (the rewritten loop runs exactly that many times).
static const SCEV *inclusiveBoundCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy() || L->getExitingBlock() != Latch)
    return nullptr;
  ICmpInst::Predicate Stay =
      L->contains(Br->getSuccessor(0)) ? Cmp->getPredicate() : Cmp->getInversePredicate();
  Value *CounterValue = Cmp->getOperand(0), *BoundValue = Cmp->getOperand(1);
  if (Stay == ICmpInst::ICMP_SGE) {
    std::swap(CounterValue, BoundValue);
    Stay = ICmpInst::ICMP_SLE;
  }
  const SCEV *Bound = SE.getSCEV(BoundValue);
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(CounterValue));
  if (Stay != ICmpInst::ICMP_SLE || !AR || AR->getLoop() != L ||
      !counterCannotWrap(CounterValue, AR, L) || !AR->getStepRecurrence(SE)->isOne() ||
      !SE.isLoopInvariant(Bound, L) || SE.getTypeSizeInBits(AR->getType()) > 64)
    return nullptr;
  // In 128 bits, where neither the difference nor the maximum can wrap; the
  // count of a counter that cannot wrap is below 2^64, exact as an unsigned i64.
  Type *I128 = Type::getInt128Ty(SE.getContext());
  const SCEV *Count = SE.getAddExpr(SE.getMinusSCEV(SE.getSignExtendExpr(Bound, I128),
                                                    SE.getSignExtendExpr(AR->getStart(), I128)),
                                    SE.getOne(I128));
  return SE.getTruncateExpr(SE.getSMaxExpr(Count, SE.getZero(I128)),
                            Type::getInt64Ty(SE.getContext()));
}


const SCEV *backedgeCount(const Loop *L, ScalarEvolution &SE, bool SymbolicMax) {
  const SCEV *BTC = SymbolicMax ? SE.getSymbolicMaxBackedgeTakenCount(L)
                                : SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return inclusiveBoundCount(L, SE);
  Type *I64 = Type::getInt64Ty(SE.getContext());
  return SE.getTypeSizeInBits(BTC->getType()) > 64 ? SE.getTruncateExpr(BTC, I64) : BTC;
}

unsigned IRNest::arrayId(const Value *Base, const std::vector<const SCEV *> &Symbolic,
                         bool Rows) {
  ArrayKey Key{Base, Symbolic, Rows};
  auto It = std::find(Arrays.begin(), Arrays.end(), Key);
  if (It != Arrays.end())
    return unsigned(It - Arrays.begin());
  Arrays.push_back(std::move(Key));
  return unsigned(Arrays.size() - 1);
}

/// Whether a block of Top outside its covered loops calls a math function that
/// only sets errno: what made Polly decline Top while modelling loops inside it.
static bool callsErrnoOnlyAround(Loop *Top, const SmallPtrSetImpl<Loop *> &Covered,
                                 LoopInfo &LI, const TargetLibraryInfo &TLI) {
  auto InCovered = [&](BasicBlock *BB) {
    for (Loop *L = LI.getLoopFor(BB); L != Top; L = L->getParentLoop())
      if (Covered.count(L))
        return true;
    return false;
  };
  return llvm::any_of(Top->blocks(), [&](BasicBlock *BB) {
    return !InCovered(BB) && llvm::any_of(*BB, [&](Instruction &I) {
      auto *Call = dyn_cast<CallBase>(&I);
      return Call && onlySetsErrno(*Call, TLI);
    });
  });
}

/// A loop around Polly's nests is one nest when Polly declined it only for a
/// math call that sets errno (`x[i] = sqrt(s)` after an inner sum), as it is
/// under -fno-math-errno, or for the row pointers it loads (a[i][j] of
/// double **a, whose loop over j Polly models alone, a row of a few KiB that
/// always fits): described from ScalarEvolution, it replaces the SCoPs
/// inside it, so that its own references get hints or a reason too. False
/// (and Nests unchanged) when it cannot be described whole.
static bool replacesInnerScops(Loop *Top, const SmallPtrSetImpl<Loop *> &Covered, isl_ctx *Ctx,
                               ScalarEvolution &SE, LoopInfo &LI, const DataLayout &DL,
                               const TargetLibraryInfo &TLI, std::vector<IRNest> &Nests) {
  IRNest Whole;
  if (buildScevNest(Top, Whole, Ctx, SE, DL, TLI) || Whole.Model.Refs.empty() ||
      !Whole.Unsupported.empty())
    return false;
  bool RowPointers =
      llvm::any_of(Whole.Model.Refs, [](const NestRef &R) { return R.RowPointers; });
  if (!RowPointers && !callsErrnoOnlyAround(Top, Covered, LI, TLI))
    return false;
  llvm::erase_if(Nests, [&](const IRNest &N) { return Top->contains(N.Loops.front()); });
  Nests.push_back(std::move(Whole));
  return true;
}

FunctionNests buildFunctionNests(Function &F, FunctionAnalysisManager &FAM) {
  FunctionNests Result;
  Result.Ctx = makeIslCtx();
  isl_ctx *Ctx = Result.Ctx.get();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &SI = FAM.getResult<polly::ScopInfoAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();

  SmallPtrSet<Loop *, 16> Covered;
  addPollyNests(SI, Ctx, SE, DL, Result.Nests, Covered);

  // Loops Polly left out, outermost first; around a nest Polly modelled,
  // the loops beside it are nests of their own (never skipped in silence).
  auto &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  SmallVector<Loop *, 8> Tops(LI.begin(), LI.end());
  while (!Tops.empty()) {
    Loop *Top = Tops.pop_back_val();
    if (Covered.count(Top))
      continue;
    if (containsAny(Top, Covered)) {
      if (!replacesInnerScops(Top, Covered, Ctx, SE, LI, DL, TLI, Result.Nests))
        Tops.append(Top->begin(), Top->end());
      continue;
    }
    IRNest Nest;
    std::optional<NestRefusal> Why = buildScevNest(Top, Nest, Ctx, SE, DL, TLI);
    if (!Why && Nest.Model.Refs.empty())
      Why = NestRefusal{Nest.Unsupported.empty() ? "the loop nest reads and writes no array"
                                                  : Nest.Unsupported};
    if (Why) {
      // A call refuses the loops around it, not the loops beside it (a progress
      // line between the sweeps of a time loop): the loop whose own blocks make
      // the call reports it, the loops inside are nests of their own.
      if (!Why->At || LI.getLoopFor(Why->At->getParent()) == Top) {
        std::string PollyWhy = pollyRejection(
            Top, Why->At, FAM.getResult<polly::ScopAnalysis>(F),
            FAM.getResult<RegionInfoAnalysis>(F));
        Result.Missed.push_back(
            {Top, Why->Reason + (PollyWhy.empty() ? "" : " (Polly: " + PollyWhy + ")")});
      }
      if (Why->At)
        Tops.append(Top->begin(), Top->end());
    } else if (Nest.UnsupportedIn == Top && !Top->isInnermost()) {
      // Likewise a reference the model cannot describe in the loop's own blocks
      // (a check loop stepping by a run-time stride around an inlined row
      // product): the loops inside are nests of their own.
      Result.Missed.push_back({Top, Nest.Unsupported});
      Tops.append(Top->begin(), Top->end());
    } else if (!Nest.Model.Refs.empty()) {
      Result.Nests.push_back(std::move(Nest));
    }
  }
  LLVM_DEBUG(dbgs() << "outcore: " << F.getName() << ": "
                    << Result.Nests.size() << " nests, "
                    << Result.Missed.size() << " missed\n");
  return Result;
}

} // namespace outcore
