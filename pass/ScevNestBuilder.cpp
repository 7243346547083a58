//===- ScevNestBuilder.cpp - Nests from ScalarEvolution --------------------===//

#include "NestBuilders.h"

#include "AddRecChain.h"

#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <map>

using namespace llvm;

namespace outcore {

/// Polly declines loops with such calls; the model need not. The library
/// function is known by name and prototype (TargetLibraryInfo): the memory
/// attributes that say so are only inferred later in the pipeline.
bool onlySetsErrno(const CallBase &Call, const TargetLibraryInfo &TLI) {
  const Function *Callee = Call.getCalledFunction();
  LibFunc Func;
  return Callee && TLI.getLibFunc(*Callee, Func) && TLI.has(Func) &&
         Call.getType()->isFloatingPointTy() &&
         llvm::none_of(Call.args(), [](const Use &Arg) { return Arg->getType()->isPointerTy(); });
}

namespace {

/// Builds a nest for a loop Polly declined, from ScalarEvolution: affine
/// references become 1-D (linearised) access relations; a reference whose
/// address depends on a value loaded inside the nest is indirect.
class ScevNestBuilder {
public:
  ScevNestBuilder(isl_ctx *Ctx, ScalarEvolution &SE, const DataLayout &DL,
                  const TargetLibraryInfo &TLI)
      : Ctx(Ctx), SE(SE), DL(DL), TLI(TLI) {}

  /// Returns the refusal when the nest cannot be described.
  std::optional<NestRefusal> build(Loop *Outermost, IRNest &Nest) {
    addLoopTree(Outermost, -1, Nest);
    for (size_t I = 0; I < Nest.Loops.size(); ++I)
      for (BasicBlock *BB : Nest.Loops[I]->blocks()) {
        if (LoopOf[BB] != Nest.Loops[I])
          continue; // visited with its innermost loop
        for (Instruction &Inst : *BB) {
          if (isa<LoadInst>(Inst) || isa<StoreInst>(Inst)) {
            // A reference the model cannot describe leaves the others
            // analysed, but the nest must not be transformed.
            if (auto Why = addAccess(Inst, I, Nest); Why && Nest.Unsupported.empty()) {
              Nest.Unsupported = *Why;
              Nest.UnsupportedIn = Nest.Loops[I];
            }
          } else if (auto *Call = dyn_cast<CallBase>(&Inst);
                     Call && Call->mayReadOrWriteMemory() && !isa<DbgInfoIntrinsic>(Call) &&
                     !Call->isLifetimeStartOrEnd() && !onlySetsErrno(*Call, TLI)) {
            return NestRefusal{
                "the loop calls " +
                    (Call->getCalledFunction()
                         ? "'" + Call->getCalledFunction()->getName().str() + "'"
                         : std::string("a function through a pointer")) +
                    ", which may access memory the analysis cannot see",
                Call};
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
    bool Affine = true;
    S = walkAddRecChain(S, nullptr, [&](const SCEVAddRecExpr *AR) {
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      auto Pos = llvm::find_if(
          Path, [&](int I) { return Nest.Loops[I] == AR->getLoop(); });
      if (!AR->isAffine() || !Step || Pos == Path.end())
        return Affine = false;
      Coefficient[Pos - Path.begin()] = Step->getAPInt().getSExtValue();
      return true;
    });
    if (!Affine)
      return false;
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
    std::vector<int> Path;
    for (int I = LoopIndex; I >= 0; I = Nest.Model.Loops[I].Parent)
      Path.insert(Path.begin(), I);
    if (auto *BaseInst = dyn_cast<Instruction>(BaseUnknown->getValue()))
      if (Nest.Loops[0]->contains(BaseInst)) {
        auto *RowLoad = dyn_cast<LoadInst>(BaseInst);
        if (RowLoad && addRowReference(Inst, *RowLoad, Path, Nest))
          return std::nullopt;
        return "the reference through '" + baseName(BaseInst) +
               "' follows a pointer loaded inside the loop";
      }

    NestRef Ref;
    Ref.Array = baseName(BaseUnknown->getValue());
    Ref.Path = Path;
    Ref.ElemSize = ElemSize;
    Ref.ArrayBytes = allocatedBytes(BaseUnknown->getValue(), DL);
    Ref.IsWrite = isa<StoreInst>(Inst);

    const SCEV *Offset = SE.getMinusSCEV(Address, Base);
    if (Instruction *IndexLoad = indexLoad(Offset, Nest)) {
      // val[k] for k from rowptr[r]: the load is the start of a loop's
      // counter, read before that loop, and the only one the address
      // depends on; the address moves by a constant step.
      auto *AR = dyn_cast<SCEVAddRecExpr>(Offset);
      ValueToSCEVMapTy Known{{IndexLoad, SE.getZero(IndexLoad->getType())}};
      Ref.LoadedBase = AR && AR->isAffine() && isa<SCEVConstant>(AR->getStepRecurrence(SE)) &&
                       llvm::is_contained(Nest.Loops, AR->getLoop()) &&
                       !AR->getLoop()->contains(IndexLoad) &&
                       !indexLoad(SCEVParameterRewriter::rewrite(AR->getStart(), SE, Known), Nest);
      Ref.Indirect = !Ref.LoadedBase;
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
      Unit = inWholeUnits(Coefficients[0], Constants[0], ElemSize) ? ElemSize : 1;
      Ref.ElemSize = Unit;
    }

    Ref.Access = accessRelation(Path.size(), Coefficients, Constants, {size_t(Unit)});
    if (Ref.Access.is_null())
      return "internal: cannot model the reference to '" + Ref.Array + "'";
    Nest.Model.Refs.push_back(std::move(Ref));
    Nest.Accesses.push_back(&Inst);
    Nest.IndexLoads.push_back(nullptr);
    return std::nullopt;
  }

  /// Whether every term of a subscript in bytes is a whole number of Unit.
  static bool inWholeUnits(const std::map<int, int64_t> &Coefficient, int64_t Constant,
                           int64_t Unit) {
    return Constant % Unit == 0 &&
           llvm::all_of(Coefficient, [&](const auto &PC) { return PC.second % Unit == 0; });
  }

  /// { [c0, ...] -> [s0, ...] } over PathSize counters, subscript D being
  /// (Constants[D] + sum Coefficients[D][P] * cP) / Units[D] (the last unit
  /// for the dimensions beyond Units), or null.
  isl::map accessRelation(size_t PathSize,
                          const std::vector<std::map<int, int64_t>> &Coefficients,
                          const std::vector<int64_t> &Constants,
                          const std::vector<size_t> &Units) {
    std::string In, Out;
    for (size_t P = 0; P < PathSize; ++P)
      In += (P ? ", c" : "c") + std::to_string(P);
    for (size_t D = 0; D < Constants.size(); ++D) {
      int64_t Unit = int64_t(Units[std::min(D, Units.size() - 1)]);
      std::string Expr = std::to_string(Constants[D] / Unit);
      for (auto &[Pos, Coef] : Coefficients[D])
        Expr += " + " + std::to_string(Coef / Unit) + "*c" + std::to_string(Pos);
      Out += (D ? ", " : "") + Expr;
    }
    return isl::map(Ctx, "{ [" + In + "] -> [" + Out + "] }");
  }

  /// a[i][j] through a row pointer a[i] loaded inside the nest (double **a, a
  /// malloc per row): a reference to the rows behind a, [row][column], the
  /// row load's subscript in a and the element in the row, both affine in
  /// whole elements. False when it is not one.
  bool addRowReference(Instruction &Inst, LoadInst &RowLoad, const std::vector<int> &Path,
                       IRNest &Nest) {
    const SCEV *RowAt = SE.getSCEV(RowLoad.getPointerOperand());
    auto *Rows = dyn_cast<SCEVUnknown>(SE.getPointerBase(RowAt));
    auto *RowsInst = Rows ? dyn_cast<Instruction>(Rows->getValue()) : nullptr;
    if (!Rows || !RowLoad.isSimple() || !RowLoad.getType()->isPointerTy() ||
        (RowsInst && Nest.Loops[0]->contains(RowsInst)))
      return false;
    int64_t PointerSize = DL.getTypeStoreSize(RowLoad.getType());
    int64_t ElemSize = DL.getTypeStoreSize(getLoadStoreType(&Inst));
    const SCEV *Column = SE.getMinusSCEV(SE.getSCEV(getLoadStorePointerOperand(&Inst)),
                                         SE.getUnknown(&RowLoad));
    std::vector<std::map<int, int64_t>> Coefficients(2);
    std::vector<int64_t> Constants(2);
    const SCEV *Symbolic[2];
    if (!peelSubscript(SE.getMinusSCEV(RowAt, Rows), Path, Nest, Coefficients[0], Constants[0],
                       Symbolic[0]) ||
        !peelSubscript(Column, Path, Nest, Coefficients[1], Constants[1], Symbolic[1]) ||
        Symbolic[0] || Symbolic[1])
      return false;
    if (!inWholeUnits(Coefficients[0], Constants[0], PointerSize) ||
        !inWholeUnits(Coefficients[1], Constants[1], ElemSize))
      return false;
    NestRef Ref;
    Ref.Array = baseName(Rows->getValue()); // as the source names it: a[i][j]
    Ref.Path = Path;
    Ref.ElemSize = ElemSize;
    Ref.IsWrite = isa<StoreInst>(Inst);
    Ref.RowPointers = true;
    Ref.ArrayId = Nest.arrayId(Rows->getValue(), {}, /*Rows=*/true);
    Ref.Access = accessRelation(Path.size(), Coefficients, Constants,
                                {size_t(PointerSize), size_t(ElemSize)});
    if (Ref.Access.is_null())
      return false;
    Nest.Model.Refs.push_back(std::move(Ref));
    Nest.Accesses.push_back(&Inst);
    Nest.IndexLoads.push_back(&RowLoad);
    return true;
  }

  isl_ctx *Ctx;
  ScalarEvolution &SE;
  const DataLayout &DL;
  const TargetLibraryInfo &TLI;
  DenseMap<BasicBlock *, Loop *> LoopOf;
};

} // namespace

std::optional<NestRefusal> buildScevNest(Loop *Outermost, IRNest &Nest, isl_ctx *Ctx,
                                         ScalarEvolution &SE, const DataLayout &DL,
                                         const TargetLibraryInfo &TLI) {
  return ScevNestBuilder(Ctx, SE, DL, TLI).build(Outermost, Nest);
}

} // namespace outcore
