//===- LoopNestModel.cpp - LLVM IR loop nests as NestModels ---------------===//

#include "LoopNestModel.h"

#include "polly/ScopDetection.h"
#include "polly/ScopDetectionDiagnostic.h"
#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/RegionInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
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
namespace {

std::shared_ptr<isl_ctx> makeIslCtx() {
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

std::optional<int64_t> asConstant(StringRef Text) {
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
const SCEVAddRecExpr *inductionOf(Loop *L, ScalarEvolution &SE,
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

} // namespace

/// The source variable a value holds, from debug info (-g), if known.
std::optional<std::string> debugVariableName(Value *V) {
  SmallVector<DbgVariableIntrinsic *, 2> Intrinsics;
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgUsers(Intrinsics, V, &Records);
  for (DbgVariableRecord *R : Records)
    return R->getVariable()->getName().str();
  for (DbgVariableIntrinsic *I : Intrinsics)
    return I->getVariable()->getName().str();
  return std::nullopt;
}

namespace {

/// The source name of L's induction variable: from debug info when compiled
/// with -g, else the PHI's name without the ".0" mem2reg adds.
std::string sourceLoopName(Loop *L, ScalarEvolution &SE, unsigned Index) {
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
std::vector<uint64_t> fixedArrayDims(const Value *Base, const DataLayout &DL,
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
  // with an OpenMP outlined body) is named after the variable.
  if (auto *Load = dyn_cast<LoadInst>(Base))
    return baseName(Load->getPointerOperand());
  return "unnamed";
}

/// Builds nests from Polly's SCoPs. Each statement's outermost loop roots a
/// nest; statements of one SCoP under the same outermost loop share it.
class PollyNestBuilder {
public:
  PollyNestBuilder(isl_ctx *Ctx, ScalarEvolution &SE, const DataLayout &DL)
      : Ctx(Ctx), SE(SE), DL(DL) {}

  /// Polly's objects live in the Scop's isl context, which Polly may free;
  /// ours must outlive it. Tuple names are dropped first: Polly's are not
  /// always valid isl syntax ("Stmt_%15__TO__%38").
  template <typename T> T moveToCtx(T PollyObject) {
    if (PollyObject.is_null())
      return T();
    return T(Ctx, polly::stringFromIslObj(PollyObject));
  }

  void addScop(polly::Scop &S, MapVector<Loop *, IRNest> &Nests) {
    for (polly::ScopStmt &Stmt : S) {
      unsigned Depth = Stmt.getNumIterators();
      if (Depth == 0)
        continue;
      IRNest &Nest = Nests[Stmt.getLoopForDimension(0)];
      Nest.FromPolly = true;
      isl::set Domain = moveToCtx(isl::manage(
          isl_set_reset_tuple_id(Stmt.getDomain().release())));
      std::vector<int> Path;
      for (unsigned D = 0; D < Depth; ++D)
        Path.push_back(addLoop(Nest, Stmt.getLoopForDimension(D),
                               Path.empty() ? -1 : Path.back(), Domain, D));
      for (polly::MemoryAccess *MA : Stmt)
        if (MA->isArrayKind())
          addAccess(Nest, *MA, Path);
    }
  }

  /// Turns the trip counts gathered from all statements into loop records.
  void finish(IRNest &Nest) {
    for (size_t I = 0; I < Nest.Loops.size(); ++I) {
      isl::set Dom = LoopDomains[Nest.Loops[I]];
      std::string Trip = "unknown";
      if (Dom.is_null())
        ; // Polly's domain could not be read: ScalarEvolution may still know
      else if (unsigned D = Dom.tuple_dim().release() - 1; Dom.is_empty())
        Trip = "0";
      else
        Trip = cExpression(Dom.dim_max(D).sub(Dom.dim_min(D)).add(
            isl::pw_aff(Dom.params(), isl::val::one(Ctx))));
      int Parent = Nest.Model.Loops[I].Parent;
      Nest.Model.Loops[I] =
          describeLoop(Nest.Loops[I], Parent, I, SE, Trip, Nest.Sources[I]);
    }
  }

private:
  int addLoop(IRNest &Nest, Loop *L, int Parent, const isl::set &StmtDomain,
              unsigned Dim) {
    // The loop's own domain: the statement's domain projected onto the loops
    // up to this one, without the statement's name; unioned over statements.
    isl::set Prefix;
    if (!StmtDomain.is_null())
      Prefix = StmtDomain.project_out(isl::dim::set, Dim + 1,
                                      StmtDomain.tuple_dim().release() - Dim - 1);
    auto Known = LoopDomains.find(L);
    if (Known != LoopDomains.end()) {
      if (Known->second.is_null())
        Known->second = Prefix;
      else if (!Prefix.is_null())
        Known->second = Known->second.unite(Prefix);
      for (size_t I = 0; I < Nest.Loops.size(); ++I)
        if (Nest.Loops[I] == L)
          return I;
    }
    LoopDomains[L] = Prefix;
    Nest.Loops.push_back(L);
    NestLoop Placeholder;
    Placeholder.Parent = Parent;
    Nest.Model.Loops.push_back(Placeholder);
    Nest.Sources.emplace_back();
    return Nest.Loops.size() - 1;
  }

  void addAccess(IRNest &Nest, polly::MemoryAccess &MA,
                 const std::vector<int> &Path) {
    const polly::ScopArrayInfo *SAI = MA.getScopArrayInfo();
    NestRef Ref;
    Ref.Array = baseName(SAI->getBasePtr());
    Ref.ArrayId = Nest.arrayId(SAI->getBasePtr());
    Ref.Path = Path;
    isl::map Access = moveToCtx(isl::manage(isl_map_reset_tuple_id(
        isl_map_reset_tuple_id(MA.getAccessRelation().release(), isl_dim_in),
        isl_dim_out)));
    Ref.ElemSize = SAI->getElemSizeInBytes();
    Ref.Access = Access.is_null() ? Access
                                  : restoreDimensions(Access, SAI->getBasePtr(),
                                                      Ref.ElemSize, DL);
    Ref.ArrayBytes = allocatedBytes(SAI->getBasePtr(), DL);
    Ref.IsWrite = MA.isWrite();
    Nest.Model.Refs.push_back(std::move(Ref));
    Nest.Accesses.push_back(MA.getAccessInstruction());
    Nest.IndexLoads.push_back(nullptr);
  }

  isl_ctx *Ctx;
  ScalarEvolution &SE;
  const DataLayout &DL;
  DenseMap<Loop *, isl::set> LoopDomains;
};

/// A math library call under math-errno (sqrt, exp, pow...): numbers in, a
/// number out, and the only memory it may write is errno, which is none of
/// the program's arrays. Polly declines such loops; the model need not. The
/// library function is known by name and prototype (TargetLibraryInfo): the
/// memory attributes that say so are only inferred later in the pipeline.
bool onlySetsErrno(const CallBase &Call, const TargetLibraryInfo &TLI) {
  const Function *Callee = Call.getCalledFunction();
  LibFunc Func;
  return Callee && TLI.getLibFunc(*Callee, Func) && TLI.has(Func) &&
         Call.getType()->isFloatingPointTy() &&
         llvm::none_of(Call.args(), [](const Use &Arg) { return Arg->getType()->isPointerTy(); });
}

/// Builds a nest for a loop Polly declined, from ScalarEvolution: affine
/// references become 1-D (linearised) access relations; a reference whose
/// address depends on a value loaded inside the nest is indirect.
class ScevNestBuilder {
public:
  ScevNestBuilder(isl_ctx *Ctx, ScalarEvolution &SE, const DataLayout &DL,
                  const TargetLibraryInfo &TLI)
      : Ctx(Ctx), SE(SE), DL(DL), TLI(TLI) {}

  /// Returns the reason in plain words when the nest cannot be described.
  std::optional<std::string> build(Loop *Outermost, IRNest &Nest) {
    addLoopTree(Outermost, -1, Nest);
    for (size_t I = 0; I < Nest.Loops.size(); ++I)
      for (BasicBlock *BB : Nest.Loops[I]->blocks()) {
        if (LoopOf[BB] != Nest.Loops[I])
          continue; // visited with its innermost loop
        for (Instruction &Inst : *BB) {
          if (isa<LoadInst>(Inst) || isa<StoreInst>(Inst)) {
            // A reference the model cannot describe leaves the others
            // analysed, but the nest must not be transformed.
            if (auto Why = addAccess(Inst, I, Nest); Why && Nest.Unsupported.empty())
              Nest.Unsupported = *Why;
          } else if (auto *Call = dyn_cast<CallBase>(&Inst);
                     Call && Call->mayReadOrWriteMemory() &&
                     !isa<DbgInfoIntrinsic>(Call) && !onlySetsErrno(*Call, TLI)) {
            return "the loop calls " +
                   (Call->getCalledFunction()
                        ? "'" + Call->getCalledFunction()->getName().str() + "'"
                        : std::string("a function through a pointer")) +
                   ", which may access memory the analysis cannot see";
          }
        }
      }
    return std::nullopt;
  }

private:
  void addLoopTree(Loop *L, int Parent, IRNest &Nest) {
    int Index = Nest.Loops.size();
    Nest.Loops.push_back(L);
    Nest.Sources.emplace_back();
    Nest.Model.Loops.push_back(describeLoop(L, Parent, Index, SE, std::nullopt,
                                            Nest.Sources.back()));
    for (BasicBlock *BB : L->blocks())
      LoopOf[BB] = L;
    for (Loop *Sub : *L)
      addLoopTree(Sub, Index, Nest);
  }

  /// The load inside the nest whose value the address S depends on, directly
  /// (a[b[i]]) or through arithmetic (hist[(int)(x[i] * 8)]), if any.
  Instruction *indexLoad(const SCEV *S, const IRNest &Nest) {
    Loop *Outermost = Nest.Loops[0];
    struct Finder {
      Loop *Outermost;
      SmallVector<Instruction *, 8> Inside;
      bool follow(const SCEV *S) {
        if (auto *U = dyn_cast<SCEVUnknown>(S))
          if (auto *I = dyn_cast<Instruction>(U->getValue()))
            if (Outermost->contains(I))
              Inside.push_back(I);
        return true;
      }
      bool isDone() const { return false; }
    } F{Outermost, {}};
    SCEVTraversal<Finder> Walk(F);
    Walk.visitAll(S);
    // Search the operands back to a load; stop at PHIs (recurrences such as
    // a doubling stride are not data-dependent addresses).
    SmallPtrSet<Instruction *, 16> Seen(F.Inside.begin(), F.Inside.end());
    SmallVector<Instruction *, 8> Work(F.Inside.begin(), F.Inside.end());
    while (!Work.empty()) {
      Instruction *I = Work.pop_back_val();
      if (isa<LoadInst>(I))
        return I;
      if (isa<PHINode>(I))
        continue;
      for (Value *Op : I->operands())
        if (auto *OpI = dyn_cast<Instruction>(Op))
          if (Outermost->contains(OpI) && Seen.insert(OpI).second)
            Work.push_back(OpI);
    }
    return nullptr;
  }

  /// Coefficients of the loop counters on Path and the constant of one
  /// subscript; false if it is not affine in them with constant steps.
  bool peelSubscript(const SCEV *S, const std::vector<int> &Path,
                     const IRNest &Nest, std::map<int, int64_t> &Coefficient,
                     int64_t &Constant, const SCEV *&Symbolic) {
    while (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      auto Pos = llvm::find_if(
          Path, [&](int I) { return Nest.Loops[I] == AR->getLoop(); });
      if (!AR->isAffine() || !Step || Pos == Path.end())
        return false;
      Coefficient[Pos - Path.begin()] = Step->getAPInt().getSExtValue();
      S = AR->getStart();
    }
    Constant = 0;
    Symbolic = nullptr;
    if (auto *C = dyn_cast<SCEVConstant>(S))
      Constant = C->getAPInt().getSExtValue();
    else if (SE.isLoopInvariant(S, Nest.Loops[0]))
      Symbolic = S;
    else
      return false;
    return true;
  }

  std::optional<std::string> addAccess(Instruction &Inst, int LoopIndex,
                                       IRNest &Nest) {
    Value *Ptr = getLoadStorePointerOperand(&Inst);
    int64_t ElemSize = DL.getTypeStoreSize(getLoadStoreType(&Inst));
    const SCEV *Address = SE.getSCEV(Ptr);
    const SCEV *Base = SE.getPointerBase(Address);
    auto *BaseUnknown = dyn_cast<SCEVUnknown>(Base);
    if (!BaseUnknown)
      return "the base address of a reference is not known";
    if (auto *BaseInst = dyn_cast<Instruction>(BaseUnknown->getValue()))
      if (Nest.Loops[0]->contains(BaseInst))
        return "the reference through '" + baseName(BaseInst) +
               "' follows a pointer loaded inside the loop";

    std::vector<int> Path;
    for (int I = LoopIndex; I >= 0; I = Nest.Model.Loops[I].Parent)
      Path.insert(Path.begin(), I);

    NestRef Ref;
    Ref.Array = baseName(BaseUnknown->getValue());
    Ref.Path = Path;
    Ref.ElemSize = ElemSize;
    Ref.ArrayBytes = allocatedBytes(BaseUnknown->getValue(), DL);
    Ref.IsWrite = isa<StoreInst>(Inst);

    const SCEV *Offset = SE.getMinusSCEV(Address, Base);
    if (Instruction *IndexLoad = indexLoad(Offset, Nest)) {
      Ref.Indirect = true;
      const SCEV *IndexAddress =
          SE.getSCEV(getLoadStorePointerOperand(IndexLoad));
      Ref.Text = Ref.Array + "[" +
                 baseName(cast<SCEVUnknown>(SE.getPointerBase(IndexAddress))
                              ->getValue()) +
                 "[...]]";
      Nest.Model.Refs.push_back(std::move(Ref));
      Nest.Accesses.push_back(&Inst);
      Nest.IndexLoads.push_back(IndexLoad);
      return std::nullopt;
    }

    // Parametric row sizes (c[i][j] of a VLA parameter) make the linear
    // address non-affine (n*i); delinearise into subscripts first. Without
    // it, one subscript in bytes.
    SmallVector<const SCEV *, 4> Subscripts, Sizes;
    delinearize(SE, Offset, Subscripts, Sizes, SE.getElementSize(&Inst));
    bool InElements = !Subscripts.empty();
    if (!InElements)
      Subscripts.push_back(Offset);

    std::vector<std::map<int, int64_t>> Coefficients(Subscripts.size());
    std::vector<const SCEV *> SymbolicTerms;
    std::vector<int64_t> Constants(Subscripts.size());
    for (size_t D = 0; D < Subscripts.size(); ++D) {
      const SCEV *Symbolic;
      if (!peelSubscript(Subscripts[D], Path, Nest, Coefficients[D],
                         Constants[D], Symbolic))
        return "the address of a reference to '" + Ref.Array +
               "' is not an affine function of the loop counters";
      if (Symbolic) { // a[i + n]: its own region, uniformly generated with none
        Ref.Array += "+" + scevText(Symbolic);
        SymbolicTerms.push_back(Symbolic);
      }
    }
    Ref.ArrayId = Nest.arrayId(BaseUnknown->getValue(), SymbolicTerms);

    // A byte offset becomes elements when every term is a whole number.
    int64_t Unit = 1;
    if (!InElements) {
      bool Whole = Constants[0] % ElemSize == 0;
      for (auto &[Pos, Coef] : Coefficients[0])
        Whole &= Coef % ElemSize == 0;
      Unit = Whole ? ElemSize : 1;
      Ref.ElemSize = Unit;
    }

    std::string In, Out;
    for (size_t P = 0; P < Path.size(); ++P)
      In += (P ? ", c" : "c") + std::to_string(P);
    for (size_t D = 0; D < Subscripts.size(); ++D) {
      std::string Expr = std::to_string(Constants[D] / Unit);
      for (auto &[Pos, Coef] : Coefficients[D])
        Expr += " + " + std::to_string(Coef / Unit) + "*c" + std::to_string(Pos);
      Out += (D ? ", " : "") + Expr;
    }
    Ref.Access = isl::map(Ctx, "{ [" + In + "] -> [" + Out + "] }");
    if (Ref.Access.is_null())
      return "internal: cannot model the reference to '" + Ref.Array + "'";
    Nest.Model.Refs.push_back(std::move(Ref));
    Nest.Accesses.push_back(&Inst);
    Nest.IndexLoads.push_back(nullptr);
    return std::nullopt;
  }

  isl_ctx *Ctx;
  ScalarEvolution &SE;
  const DataLayout &DL;
  const TargetLibraryInfo &TLI;
  DenseMap<BasicBlock *, Loop *> LoopOf;
};

/// Why Polly declined the region around L, from its rejection log.
std::string pollyRejection(Loop *L, const polly::ScopDetection &SD,
                           RegionInfo &RI) {
  for (Region *R = RI.getRegionFor(L->getHeader()); R; R = R->getParent())
    if (const polly::RejectLog *Log = SD.lookupRejectionLog(R))
      for (const polly::RejectReasonPtr &Reason : *Log) {
        std::string Message = Reason->getMessage();
        if (Message.size() > 160)
          Message = Message.substr(0, 157) + "...";
        return Message;
      }
  return "";
}

bool containsAny(Loop *L, const SmallPtrSetImpl<Loop *> &Set) {
  if (Set.count(L))
    return true;
  return llvm::any_of(*L, [&](Loop *Sub) { return containsAny(Sub, Set); });
}

/// The backedges of `do ... while (++iv <= bound)` with a counter narrower
/// than 64 bits that cannot wrap (nsw), as an OpenMP chunk's loop is written:
/// ScalarEvolution gives up there when bound + 1 may overflow, which the
/// counter's nsw rules out. max(bound - first + 1, 0), first the counter's
/// value at the first test, in 64 bits.
const SCEV *inclusiveBoundCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy() || L->getExitingBlock() != Latch)
    return nullptr;
  ICmpInst::Predicate Stay =
      L->contains(Br->getSuccessor(0)) ? Cmp->getPredicate() : Cmp->getInversePredicate();
  const SCEV *Counter = SE.getSCEV(Cmp->getOperand(0));
  const SCEV *Bound = SE.getSCEV(Cmp->getOperand(1));
  if (Stay == ICmpInst::ICMP_SGE) {
    std::swap(Counter, Bound);
    Stay = ICmpInst::ICMP_SLE;
  }
  auto *AR = dyn_cast<SCEVAddRecExpr>(Counter);
  if (Stay != ICmpInst::ICMP_SLE || !AR || AR->getLoop() != L || !AR->hasNoSignedWrap() ||
      !AR->getStepRecurrence(SE)->isOne() || !SE.isLoopInvariant(Bound, L) ||
      SE.getTypeSizeInBits(AR->getType()) >= 64)
    return nullptr;
  Type *I64 = Type::getInt64Ty(SE.getContext());
  const SCEV *Count = SE.getAddExpr(SE.getMinusSCEV(SE.getSignExtendExpr(Bound, I64),
                                                    SE.getSignExtendExpr(AR->getStart(), I64)),
                                    SE.getOne(I64));
  return SE.getSMaxExpr(Count, SE.getZero(I64));
}

} // namespace

const SCEV *backedgeCount(const Loop *L, ScalarEvolution &SE, bool SymbolicMax) {
  const SCEV *BTC = SymbolicMax ? SE.getSymbolicMaxBackedgeTakenCount(L)
                                : SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return inclusiveBoundCount(L, SE);
  Type *I64 = Type::getInt64Ty(SE.getContext());
  return SE.getTypeSizeInBits(BTC->getType()) > 64 ? SE.getTruncateExpr(BTC, I64) : BTC;
}

unsigned IRNest::arrayId(const Value *Base, const std::vector<const SCEV *> &Symbolic) {
  std::pair<const Value *, std::vector<const SCEV *>> Key(Base, Symbolic);
  auto It = std::find(Arrays.begin(), Arrays.end(), Key);
  if (It != Arrays.end())
    return unsigned(It - Arrays.begin());
  Arrays.push_back(std::move(Key));
  return unsigned(Arrays.size() - 1);
}

FunctionNests buildFunctionNests(Function &F, FunctionAnalysisManager &FAM) {
  FunctionNests Result;
  Result.Ctx = makeIslCtx();
  isl_ctx *Ctx = Result.Ctx.get();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &SI = FAM.getResult<polly::ScopInfoAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();

  MapVector<Loop *, IRNest> PollyNests;
  PollyNestBuilder Polly(Ctx, SE, DL);
  for (auto &Entry : SI)
    if (Entry.second)
      Polly.addScop(*Entry.second, PollyNests);

  SmallPtrSet<Loop *, 16> Covered;
  for (auto &[Outer, Nest] : PollyNests) {
    Polly.finish(Nest);
    Covered.insert(Nest.Loops.begin(), Nest.Loops.end());
    Result.Nests.push_back(std::move(Nest));
  }

  // Loops Polly left out, outermost first; around a nest Polly modelled,
  // the loops beside it are nests of their own (never skipped in silence).
  auto &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  SmallVector<Loop *, 8> Tops(LI.begin(), LI.end());
  while (!Tops.empty()) {
    Loop *Top = Tops.pop_back_val();
    if (Covered.count(Top))
      continue;
    if (containsAny(Top, Covered)) {
      Tops.append(Top->begin(), Top->end());
      continue;
    }
    IRNest Nest;
    ScevNestBuilder Scev(Ctx, SE, DL, TLI);
    std::optional<std::string> Why = Scev.build(Top, Nest);
    if (!Why && Nest.Model.Refs.empty() && !Nest.Unsupported.empty())
      Why = Nest.Unsupported;
    if (Why) {
      std::string PollyWhy = pollyRejection(
          Top, FAM.getResult<polly::ScopAnalysis>(F),
          FAM.getResult<RegionInfoAnalysis>(F));
      Result.Missed.push_back(
          {Top, *Why + (PollyWhy.empty() ? "" : " (Polly: " + PollyWhy + ")")});
    }
    else if (!Nest.Model.Refs.empty())
      Result.Nests.push_back(std::move(Nest));
  }
  LLVM_DEBUG(dbgs() << "outcore: " << F.getName() << ": "
                    << Result.Nests.size() << " nests, "
                    << Result.Missed.size() << " missed\n");
  return Result;
}

} // namespace outcore
