//===- Originals.cpp - Functions the pass leaves alone compile as plain ---===//

#include "Originals.h"

#include "RuntimeCalls.h"
#include "UnswitchFitTests.h"
#include "Versioning.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumRestored, "Functions given back their body from before outcore-prepare");
STATISTIC(NumDispatched, "Transformed functions that run their body from before "
                         "outcore-prepare when every fit test passes at entry");

namespace outcore {
namespace {

/// The saved copy names its function in this attribute.
constexpr const char *OriginalOfAttr = "outcore-original-of";
/// And keeps here the function's own attributes that its optnone (which the
/// verifier allows only with noinline, without alwaysinline, optsize or
/// minsize) displaces: their names, comma-separated; absent when none.
constexpr const char *OriginalDisplacedAttr = "outcore-original-displaced";
constexpr Attribute::AttrKind DisplacedByOptNone[] = {
    Attribute::AlwaysInline, Attribute::NoInline, Attribute::OptimizeForSize,
    Attribute::MinSize};

/// A block whose address is taken cannot move to another function's body
/// (its blockaddress constants name the function): such functions are not saved.
bool canSave(const Function &F) {
  return !F.isDeclaration() && !F.hasOptNone() &&
         llvm::none_of(F, [](const BasicBlock &BB) { return BB.hasAddressTaken(); });
}

/// Whether the pass transformed F: every transformed nest has a fit test,
/// which loads the runtime's published limit.
bool transformed(const Function &F, const GlobalValue *LimitNow) {
  return LimitNow && llvm::any_of(LimitNow->users(), [&](const User *U) {
           auto *I = dyn_cast<Instruction>(U);
           return I && I->getFunction() == &F;
         });
}

/// The attributes F had when Saved was made: what the pipeline infers before
/// the pass (argument and memory attributes) would change how an untouched
/// function is inlined (a 3x3 convolution kept out of line: 4x the
/// instructions of the plain build).
AttributeList savedAttributes(const Function &Saved) {
  LLVMContext &Ctx = Saved.getContext();
  AttributeList Attrs = Saved.getAttributes()
                            .removeFnAttribute(Ctx, OriginalOfAttr)
                            .removeFnAttribute(Ctx, OriginalDisplacedAttr)
                            .removeFnAttribute(Ctx, Attribute::NoInline)
                            .removeFnAttribute(Ctx, Attribute::OptimizeNone);
  SmallVector<StringRef, 4> Displaced;
  Saved.getFnAttribute(OriginalDisplacedAttr).getValueAsString().split(Displaced, ',', -1, false);
  for (StringRef Name : Displaced)
    Attrs = Attrs.addFnAttribute(Ctx, Attribute::getAttrKindFromName(Name));
  return Attrs;
}

/// Moves Saved's body and attributes into F in place of F's own (F keeps its
/// name, linkage and debug subprogram) and deletes Saved.
void restoreBody(Function &F, Function &Saved) {
  F.setAttributes(savedAttributes(Saved));
  for (auto [From, To] : zip(Saved.args(), F.args()))
    From.replaceAllUsesWith(&To);
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  F.splice(F.end(), &Saved);
  Saved.eraseFromParent();
}


/// Instructions a fit test may need to be recomputed at a function's entry.
constexpr unsigned EntryTestInstructions = 64;

/// The fit tests of a transformed function, when each can be recomputed at
/// the function's entry from its arguments, the fields of objects they point
/// to, constants and the published limit.
class EntryFitTests {
public:
  EntryFitTests(const Function &F, const GlobalValue &LimitNow)
      : F(F), LimitNow(LimitNow), Entry(F.getEntryBlock()) {
    unsigned LimitReads = 0, Covered = 0;
    for (const User *U : LimitNow.users())
      if (auto *I = dyn_cast<Instruction>(U); I && I->getFunction() == &F)
        ++LimitReads;
    for (const BasicBlock &BB : F) {
      auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
      if (!Br || !Br->isConditional() || !readsLimit(Br->getCondition()))
        continue;
      SmallPtrSet<const Value *, 16> Visited;
      Trend T = trendWithLimit(Br->getCondition());
      if ((T != Trend::Rising && T != Trend::Falling) ||
          !computableAtEntry(Br->getCondition(), Visited, Covered)) {
        Tests.clear();
        return;
      }
      Tests.push_back({Br->getCondition(), T == Trend::Falling});
    }
    // A read of the limit that no such branch uses would be left unaccounted.
    if (Covered != LimitReads)
      Tests.clear();
  }

  bool empty() const { return Tests.empty(); }

  /// Whether every test passes, built at B (poison-free: at the entry a nest's
  /// guard has not yet ruled out a wrapping count, so flags are dropped and
  /// the result frozen).
  Value *build(IRBuilder<> &B) const {
    ValueToValueMapTy VMap;
    Value *All = B.getTrue();
    for (const FitTest &Test : Tests) {
      Value *Copy = copy(Test.Condition, B, VMap);
      All = B.CreateAnd(All, Test.FitsWhenFalse ? B.CreateNot(Copy) : Copy);
    }
    return B.CreateFreeze(All, "oc.fits.all");
  }

private:
  /// How a value moves as the published limit grows, other inputs fixed.
  enum class Trend { Constant, Rising, Falling, Unknown };

  /// A branch on a fit test: the pass branches to the original nest when the
  /// condition holds, but the pipeline may have inverted both since
  /// (InstCombine turns `ule` into a negated `ugt` and swaps the successors).
  struct FitTest {
    const Value *Condition;
    bool FitsWhenFalse;
  };

  const Function &F;
  const GlobalValue &LimitNow;
  const BasicBlock &Entry;
  SmallVector<FitTest, 4> Tests;

  /// Whether I runs on every call of F: in its entry block, after nothing
  /// that may stop there. Such an instruction may be made at the entry even
  /// when it may trap (a tile count n / bs, which traps in F just the same).
  bool runsOnEveryCall(const Instruction *I) const {
    if (I->getParent() != &Entry)
      return false;
    for (const Instruction &Before : Entry) {
      if (&Before == I)
        return true;
      if (!isGuaranteedToTransferExecutionToSuccessor(&Before))
        return false;
    }
    return false;
  }

  static Trend inverse(Trend T) {
    return T == Trend::Rising ? Trend::Falling : T == Trend::Falling ? Trend::Rising : T;
  }

  /// The trend of operands combined by a function rising in each of them.
  Trend trendOfAll(ArrayRef<const Value *> Operands) const {
    Trend All = Trend::Constant;
    for (const Value *Op : Operands) {
      Trend T = trendWithLimit(Op);
      if (T == Trend::Unknown || (All != Trend::Constant && T != Trend::Constant && T != All))
        return Trend::Unknown;
      if (T != Trend::Constant)
        All = T;
    }
    return All;
  }

  /// V's trend, from what fit tests are made of: the limit, a comparison
  /// with it (the limit's side bigger: fits), its floor (umax), freeze, not,
  /// and, or. Anything else that reads the limit is unknown.
  Trend trendWithLimit(const Value *V) const {
    if (!readsLimit(V))
      return Trend::Constant;
    if (isLimitRead(V))
      return Trend::Rising;
    using namespace PatternMatch;
    const Value *X, *Y;
    if (match(V, m_Not(m_Value(X))))
      return inverse(trendWithLimit(X));
    if (match(V, m_Freeze(m_Value(X))))
      return trendWithLimit(X);
    if (match(V, m_CombineOr(m_LogicalAnd(m_Value(X), m_Value(Y)),
                             m_LogicalOr(m_Value(X), m_Value(Y)))) ||
        match(V, m_CombineOr(m_UMax(m_Value(X), m_Value(Y)), m_UMin(m_Value(X), m_Value(Y)))))
      return trendOfAll({X, Y});
    if (auto *Cmp = dyn_cast<ICmpInst>(V)) {
      // Rising when the right side rises and the left does not, for <, <=.
      Trend Left = trendWithLimit(Cmp->getOperand(0)),
            Right = trendWithLimit(Cmp->getOperand(1));
      Trend Smaller = Left == Trend::Constant   ? Right
                      : Right == Trend::Constant ? inverse(Left)
                                                 : Trend::Unknown;
      if (Cmp->isLT(Cmp->getPredicate()) || Cmp->isLE(Cmp->getPredicate()))
        return Smaller;
      if (Cmp->isGT(Cmp->getPredicate()) || Cmp->isGE(Cmp->getPredicate()))
        return inverse(Smaller);
    }
    return Trend::Unknown;
  }

  bool isLimitRead(const Value *V) const {
    auto *L = dyn_cast<LoadInst>(V);
    return L && L->getPointerOperand() == &LimitNow;
  }

  bool readsLimit(const Value *V) const {
    SmallVector<const Value *, 8> Work{V};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      V = Work.pop_back_val();
      if (isLimitRead(V))
        return true;
      auto *I = dyn_cast<Instruction>(V);
      if (I && !isa<PHINode>(I) && Seen.insert(I).second)
        append_range(Work, I->operand_values());
    }
    return false;
  }

  /// Whether Load reads a field of an object F is passed (`this->ny` of a
  /// method, `g->n`) that F does not set before it: no store to that field,
  /// and no call passed the object, on a path to Load (a method that swaps
  /// its arrays after the sweep sets them after). The entry's value only
  /// chooses between two bodies that compute the same, so an object changed
  /// otherwise (through another pointer to it) could only choose the slower
  /// one; a local object or a global one may be set before the nest (a
  /// constructor's call) and is not read at the entry.
  bool fieldOfArgumentNotSet(const LoadInst &Load) const {
    const DataLayout &DL = F.getDataLayout();
    const Value *Ptr = Load.getPointerOperand();
    APInt Offset(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
    const Value *Object = Ptr->stripAndAccumulateInBoundsConstantOffsets(DL, Offset);
    if (!isa<Argument>(Object))
      return false;
    for (const Instruction &I : instructions(F)) {
      if (!I.mayWriteToMemory() || !isPotentiallyReachable(&I, &Load))
        continue;
      if (auto *Store = dyn_cast<StoreInst>(&I)) {
        APInt StoreOffset(Offset.getBitWidth(), 0);
        if (Store->getPointerOperand()->stripAndAccumulateInBoundsConstantOffsets(
                DL, StoreOffset) == Object &&
            StoreOffset == Offset)
          return false;
      } else if (auto *Call = dyn_cast<CallBase>(&I); Call && !isa<IntrinsicInst>(Call)) {
        if (llvm::any_of(Call->args(), [&](const Use &Arg) {
              return getUnderlyingObject(Arg.get()) == Object;
            }))
          return false;
      }
    }
    return true;
  }

  /// Whether Load may be made at the entry: it cannot trap there and reads
  /// what F's nest would.
  bool loadableAtEntry(const LoadInst &Load) const {
    const Value *Ptr = Load.getPointerOperand();
    return Load.isSimple() && fieldOfArgumentNotSet(Load) &&
           (runsOnEveryCall(&Load) ||
            isDereferenceableAndAlignedPointer(Ptr, Load.getType(), Load.getAlign(),
                                               F.getDataLayout()));
  }

  /// Whether V is computed from arguments and constants by instructions that
  /// may run anywhere, loads of objects' fields, and limit reads (counted in
  /// LimitReads).
  bool computableAtEntry(const Value *V, SmallPtrSetImpl<const Value *> &Visited,
                         unsigned &LimitReads) const {
    if (isa<Argument>(V) || isa<Constant>(V) || !Visited.insert(V).second)
      return true;
    if (isLimitRead(V)) {
      ++LimitReads;
      return true;
    }
    auto *I = cast<Instruction>(V);
    bool MayRunAtEntry = false;
    if (auto *Load = dyn_cast<LoadInst>(I))
      MayRunAtEntry = loadableAtEntry(*Load);
    else
      MayRunAtEntry = !isa<PHINode>(I) && !I->mayReadOrWriteMemory() &&
                      (isSafeToSpeculativelyExecute(I) || runsOnEveryCall(I));
    return Visited.size() <= EntryTestInstructions && MayRunAtEntry &&
           llvm::all_of(I->operand_values(), [&](const Value *Op) {
             return computableAtEntry(Op, Visited, LimitReads);
           });
  }

  Value *copy(const Value *V, IRBuilder<> &B, ValueToValueMapTy &VMap) const {
    if (isa<Constant>(V) || isa<Argument>(V))
      return const_cast<Value *>(V);
    if (Value *Done = VMap.lookup(V))
      return Done;
    auto *I = cast<Instruction>(V);
    Instruction *C = I->clone();
    for (Use &Op : C->operands())
      Op.set(copy(Op.get(), B, VMap));
    if (!isLimitRead(I)) // the limit's range holds everywhere (the runtime's promise)
      C->dropPoisonGeneratingAnnotations();
    C->setDebugLoc(DebugLoc());
    B.Insert(C, I->getName());
    VMap[V] = C;
    return C;
  }
};

/// Whether F's arguments can be passed on as they came (no argument whose
/// passing is the caller's frame or a register convention of its own).
bool canForwardArguments(const Function &F) {
  if (F.isVarArg() || F.hasFnAttribute(Attribute::Naked))
    return false;
  return llvm::none_of(F.args(), [](const Argument &A) {
    return A.hasInAllocaAttr() || A.hasPreallocatedAttr() || A.hasSwiftErrorAttr() ||
           A.hasAttribute(Attribute::SwiftSelf) || A.hasAttribute(Attribute::SwiftAsync);
  });
}

/// Whether F stores a pointer through a pointer argument at a constant offset:
/// sets the array of an object its caller passes (an init function, a
/// constructor), not an element of an array it was given (`cp[0] = c[0] / b[0]`).
bool setsPointerFieldOfArgument(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *Store = dyn_cast<StoreInst>(&I))
      if (Store->getValueOperand()->getType()->isPointerTy() &&
          isa<Argument>(Store->getPointerOperand()->stripInBoundsConstantOffsets()))
        return true;
  return false;
}

/// An instruction of the prologue clang emits at a function's entry: a stack
/// slot, the store of an argument into one, or its debug declaration (an
/// intrinsic call where the IR does not keep them as records).
bool isPrologue(const Instruction &I) {
  if (isa<AllocaInst>(I) || isa<DbgVariableIntrinsic>(I))
    return true;
  auto *Store = dyn_cast<StoreInst>(&I);
  return Store && isa<Argument>(Store->getValueOperand()) &&
         isa<AllocaInst>(Store->getPointerOperand());
}

/// F's sret parameter, where Callee takes F's other arguments and returns the
/// struct as a value (returnByValue); null where Callee takes them all.
Argument *resultSlot(Function &F, const Function &Callee) {
  if (Callee.arg_size() == F.arg_size())
    return nullptr;
  auto *Slot = llvm::find_if(F.args(), [](Argument &A) { return A.hasStructRetAttr(); });
  assert(Slot != F.arg_end() && Callee.arg_size() + 1 == F.arg_size() &&
         "only the sret parameter is dropped");
  return &*Slot;
}

/// Ends the block at B with a tail call of Callee on F's arguments, returning
/// its result (stored through F's sret parameter where Callee returns it).
void forwardTo(IRBuilder<> &B, Function &F, Function &Callee) {
  LLVMContext &Ctx = F.getContext();
  Argument *Slot = resultSlot(F, Callee);
  SmallVector<Value *, 8> Args;
  for (Argument &A : F.args())
    if (&A != Slot)
      Args.push_back(&A);
  CallInst *Call = B.CreateCall(&Callee, Args);
  Call->setCallingConv(Callee.getCallingConv());
  // The ABI attributes (signext, byval, sret...) must match the callee's.
  Call->setAttributes(Callee.getAttributes().removeFnAttributes(Ctx));
  Call->setTailCall();
  if (DISubprogram *SP = F.getSubprogram())
    Call->setDebugLoc(DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  if (Slot)
    B.CreateAlignedStore(Call, Slot, Slot->getParamAlign().valueOrOne());
  if (F.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
}

/// At most this many scalars come back as a value: beyond the return
/// registers the backend returns through memory again, and a large aggregate
/// value costs the backend more than it saves.
constexpr uint64_t MaxScalarsReturned = 8;

/// The scalars in T (its leaves, through structs and arrays), counted up to
/// one more than MaxScalarsReturned; a vector or a scalable type counts as
/// that many.
uint64_t scalarLeaves(Type *T) {
  constexpr uint64_t Many = MaxScalarsReturned + 1;
  if (auto *S = dyn_cast<StructType>(T)) {
    uint64_t N = 0;
    for (Type *E : S->elements())
      N = std::min(Many, N + scalarLeaves(E));
    return N;
  }
  if (auto *A = dyn_cast<ArrayType>(T)) {
    uint64_t N = A->getNumElements(), E = scalarLeaves(A->getElementType());
    return E && N >= Many ? Many : std::min(Many, N * E);
  }
  return T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy() ? 1 : Many;
}

/// Whether the address V may outlive the call of its function, as
/// PointerMayBeCaptured has it, but looking into the module's internal
/// functions V is passed to (the pass's outlined nests take their arrays as
/// arguments, before the pipeline infers their nocapture) and taking the
/// runtime's hints for what they are.
bool mayEscape(const Value &V, unsigned Depth = 2) {
  struct Tracker : CaptureTracker {
    unsigned Depth;
    bool Escapes = false;
    explicit Tracker(unsigned Depth) : Depth(Depth) {}
    void tooManyUses() override { Escapes = true; }
    bool captured(const Use *U) override {
      auto *Call = dyn_cast<CallBase>(U->getUser());
      const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (Callee && Call->isArgOperand(U) &&
          (isRuntimeHint(*Callee) ||
           (Depth && Callee->hasLocalLinkage() && !Callee->isDeclaration() &&
            !Callee->isVarArg() &&
            !mayEscape(*Callee->getArg(Call->getArgOperandNo(U)), Depth - 1))))
        return false;
      Escapes = true;
      return true;
    }
  } T(Depth);
  PointerMayBeCaptured(&V, &T);
  return T.Escapes;
}

/// The number of F's sret parameter where F returns a struct of a few scalars
/// through it and nothing else, and makes no musttail call; none otherwise.
/// The slot's address must not escape F: an object that points into itself (a
/// C++ list's sentinel) or is known by its address elsewhere would not survive
/// the copy into the caller's slot.
std::optional<unsigned> smallStructResult(const Function &F) {
  auto MustTail = [](const Instruction &I) {
    auto *Call = dyn_cast<CallInst>(&I);
    return Call && Call->isMustTailCall(); // its signature must stay F's
  };
  if (!F.getReturnType()->isVoidTy() || llvm::any_of(instructions(F), MustTail))
    return std::nullopt;
  for (const Argument &A : F.args())
    if (A.hasStructRetAttr())
      return scalarLeaves(F.getParamStructRetType(A.getArgNo())) <= MaxScalarsReturned &&
                     !mayEscape(A)
                 ? std::optional<unsigned>(A.getArgNo())
                 : std::nullopt;
  return std::nullopt;
}

/// Hinted, returning the struct it wrote through its sret parameter SRet as a
/// value instead (the parameter becomes a slot of its own frame). Where F is
/// inlined, its caller's copy of the result then merges as values with the
/// plain body's, as in the plain build; through memory, the two fields read
/// back side by side after the call seeded the SLP vectorizer, which turned
/// the plain loop's max/min recurrences into vector selects (1.30x plain's
/// instructions). Hinted is erased.
Function *returnByValue(Function &Hinted, unsigned SRet) {
  LLVMContext &Ctx = Hinted.getContext();
  Type *Result = Hinted.getParamStructRetType(SRet);
  MaybeAlign SlotAlign = Hinted.getParamAlign(SRet);
  SmallVector<Type *, 8> Params;
  SmallVector<AttributeSet, 8> ParamAttrs;
  AttributeList Attrs = Hinted.getAttributes();
  for (const Argument &A : Hinted.args())
    if (A.getArgNo() != SRet) {
      Params.push_back(A.getType());
      ParamAttrs.push_back(Attrs.getParamAttrs(A.getArgNo()));
    }
  Function *To = Function::Create(FunctionType::get(Result, Params, false),
                                  Hinted.getLinkage(), Hinted.getAddressSpace(), "",
                                  Hinted.getParent());
  To->takeName(&Hinted);
  To->setCallingConv(Hinted.getCallingConv());
  To->setAttributes(AttributeList::get(Ctx, Attrs.getFnAttrs(), AttributeSet(), ParamAttrs));
  To->setSubprogram(Hinted.getSubprogram());
  Hinted.setSubprogram(nullptr);
  To->splice(To->end(), &Hinted);
  IRBuilder<> B(&To->getEntryBlock(), To->getEntryBlock().begin());
  AllocaInst *Slot = B.CreateAlloca(Result, nullptr, "oc.result");
  if (SlotAlign)
    Slot->setAlignment(std::max(*SlotAlign, Slot->getAlign()));
  auto Param = To->arg_begin();
  for (Argument &A : Hinted.args()) {
    if (A.getArgNo() == SRet) {
      A.replaceAllUsesWith(Slot);
      continue;
    }
    Param->takeName(&A);
    A.replaceAllUsesWith(&*Param++);
  }
  for (BasicBlock &BB : *To) {
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I); Call && Call->isTailCall())
        Call->setTailCall(false); // the slot is this frame's now
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      B.SetInsertPoint(Ret);
      ReturnInst *ByValue = B.CreateRet(B.CreateAlignedLoad(Result, Slot, Slot->getAlign()));
      ByValue->setDebugLoc(Ret->getDebugLoc());
      Ret->eraseFromParent();
    }
  }
  Hinted.eraseFromParent();
  return To;
}

/// Marks F's sret parameter dereferenceable for its struct, as sret implies
/// (the caller provides the slot). ArgumentPromotion (-O3) drops sret from an
/// internal function, and with it what LICM needs to keep the result's fields
/// in registers across a loop: the plain build's F, external, keeps them there.
void keepResultDereferenceable(Function &F) {
  const DataLayout &DL = F.getDataLayout();
  for (Argument &A : F.args())
    if (A.hasStructRetAttr() && A.getParamStructRetType()->isSized())
      A.addAttr(Attribute::getWithDereferenceableBytes(
          F.getContext(), DL.getTypeStoreSize(A.getParamStructRetType()).getFixedValue()));
}

/// Moves F's body, attributes and subprogram into a new internal function.
Function *moveBody(Function &F, const Twine &Name) {
  Function *To = Function::Create(F.getFunctionType(), GlobalValue::InternalLinkage,
                                  F.getAddressSpace(), Name, F.getParent());
  To->copyAttributesFrom(&F);
  To->setLinkage(GlobalValue::InternalLinkage);
  To->setVisibility(GlobalValue::DefaultVisibility);
  To->setComdat(nullptr);
  keepResultDereferenceable(*To);
  for (auto [From, Arg] : zip(F.args(), To->args())) {
    Arg.setName(From.getName());
    // Not in the entry test, built apart for F; the debug records are all in the body.
    From.replaceUsesWithIf(&Arg, [&](Use &U) {
      return cast<Instruction>(U.getUser())->getFunction() == &F;
    });
    if (From.isUsedByMetadata())
      ValueAsMetadata::handleRAUW(&From, &Arg);
  }
  To->splice(To->end(), &F);
  if (DISubprogram *SP = F.getSubprogram()) {
    To->setSubprogram(SP);
    // F keeps a subprogram of its own (one function each, the verifier),
    // so that its calls have a location in the debugger.
    TempDISubprogram Own = SP->clone();
    Own->replaceRetainedNodes(DINodeArray());
    F.setSubprogram(MDNode::replaceWithDistinct(std::move(Own)));
  }
  return To;
}

/// The parameters of F, which only chooses between two calls, for the
/// debugger: Body's parameter variables, scoped to F's own subprogram, hold
/// F's arguments from the start of Entry (a breakpoint on F showed none).
void describeParameters(Function &F, const DISubprogram &Body, BasicBlock &Entry) {
  DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return;
  DIBuilder DIB(*F.getParent(), /*AllowUnresolved=*/false, SP->getUnit());
  auto *Loc = DILocation::get(F.getContext(), SP->getScopeLine(), 0, SP);
  for (DINode *Node : Body.getRetainedNodes()) {
    auto *Var = dyn_cast<DILocalVariable>(Node);
    if (!Var || !Var->getArg() || Var->getArg() > F.arg_size() ||
        F.hasParamAttribute(Var->getArg() - 1, Attribute::ByVal))
      continue; // a local, or an argument passed in memory
    auto *Own = DILocalVariable::get(F.getContext(), SP, Var->getName(), Var->getFile(),
                                     Var->getLine(), Var->getType(), Var->getArg(),
                                     Var->getFlags(), Var->getAlignInBits(),
                                     Var->getAnnotations());
    DIB.insertDbgValueIntrinsic(F.getArg(Var->getArg() - 1), Own, DIB.createExpression(), Loc,
                                &*Entry.getFirstInsertionPt());
  }
}

/// Makes a call of Callee (a transformed body, a hinted nest) cost nothing to
/// LLVM's inline cost analysis, which reads these string attributes of the
/// callees of the function it weighs, and gives back the cost of
/// TestInstructions (the fit tests that choose it): the inliner judges the
/// caller by its plain body. Charged for both, a solver's step() stayed out of
/// its time loop, a tiled matrix product out of main, and a constructor (its
/// vectors' fill) out of main, where the plain build inlines them and then
/// knows the sizes as constants and the vectors apart: 1.15-1.47x the plain
/// build's instructions.
void costsNothingToInline(Function &Callee, unsigned TestInstructions) {
  Callee.addFnAttr("call-inline-cost", "0");
  if (TestInstructions)
    Callee.addFnAttr("call-threshold-bonus",
                     std::to_string(InlineConstants::getInstrCost() * TestInstructions));
}

/// The instructions of F that only its fit tests use: each test's condition
/// and what only such instructions use.
unsigned fitTestInstructions(const Function &F) {
  SmallPtrSet<const Instruction *, 32> Test;
  SmallVector<const Instruction *, 32> Work;
  for (const BasicBlock &BB : F)
    if (isFitTest(*BB.getTerminator()))
      if (auto *Cond = dyn_cast<Instruction>(cast<BranchInst>(BB.getTerminator())->getCondition());
          Cond && Test.insert(Cond).second)
        Work.push_back(Cond);
  while (!Work.empty()) {
    const Instruction *I = Work.pop_back_val();
    for (const Value *Op : I->operand_values()) {
      auto *OpI = dyn_cast<Instruction>(Op);
      if (OpI && !isa<PHINode>(OpI) && !Test.contains(OpI) &&
          llvm::all_of(OpI->users(), [&](const User *U) {
            return Test.contains(cast<Instruction>(U));
          })) {
        Test.insert(OpI);
        Work.push_back(OpI);
      }
    }
  }
  return Test.size();
}

/// A transformed F that keeps one body: its hinted nests' calls cost the
/// inliner nothing, and the first of them gives back its fit tests.
void judgeByOriginalNests(Function &F) {
  unsigned TestInstructions = fitTestInstructions(F);
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction(); Callee && isOutlinedHinted(*Callee)) {
        costsNothingToInline(*Callee, TestInstructions);
        TestInstructions = 0;
      }
}

/// The calls of F itself in F's body (direct recursion).
SmallVector<Use *, 4> callsOfItself(Function &F) {
  SmallVector<Use *, 4> Calls;
  for (Use &U : F.uses())
    if (auto *Call = dyn_cast<CallBase>(U.getUser());
        Call && Call->isCallee(&U) && Call->getFunction() == &F)
      Calls.push_back(&U);
  return Calls;
}

/// Gives the transformed F its saved body behind an entry test: when every
/// fit test of F passes there (the data fits, the in-core case), F runs the
/// code of the plain build; else it calls <F>.outcore.transformed, the
/// transformed body moved to a function of its own, whose fit tests still
/// choose nest by nest. False, with nothing changed, where the tests need
/// values computed in the body.
///
///   oc.dispatch:  <Saved's prologue: allocas, argument stores>
///                 fits = <each fit test, from the arguments> && ...
///                 br fits, <Saved's body>, oc.hinted          ; likely: in core
///   oc.hinted:    r = tail call <F>.outcore.transformed(<arguments>)
///                 ret r
///
/// A noinline F keeps the saved body out of line too, in <F>.outcore.plain,
/// and F only chooses (two tail calls): the body then compiles exactly as the
/// plain build's F, where sharing F with the call of the transformed body
/// changed its register allocation (a copy per iteration of a hot loop). So
/// does a recursive F, whose calls of itself there call <F>.outcore.plain:
/// the test passed at the outermost call, over the data of the calls below
/// (a merge sort's calls of one or two elements each paid it, and their
/// shrink-wrapped prologue: 1.22x the plain build's instructions).
bool dispatchToSaved(Function &F, Function &Saved, const GlobalValue &LimitNow) {
  // A coroutine's ramp choosing between two coroutines hands its caller a
  // frame from either, so CoroElide can no longer put the frame on the
  // caller's stack and inline its resumption (p17: 1.30x plain's
  // instructions); its fit tests stay in the body, nest by nest.
  if (F.isPresplitCoroutine())
    return false;
  // A function that sets up its caller's object, inlined there whatever its
  // size (its one caller's): a call of the transformed body with the object
  // would keep the object in memory and its fields unknown after it (a
  // solver's setup called once from main: the stencil lost its constant bounds
  // and its two arrays' independence, 1.07x the plain build's instructions).
  // Its fit tests stay nest by nest.
  if (F.hasLocalLinkage() && F.hasOneUse() && setsPointerFieldOfArgument(F))
    return false;
  EntryFitTests Tests(F, LimitNow);
  if (Tests.empty() || !canForwardArguments(F))
    return false;
  LLVMContext &Ctx = F.getContext();
  // Built before F's blocks go, from their instructions.
  BasicBlock *Entry = BasicBlock::Create(Ctx, "oc.dispatch");
  IRBuilder<> B(Entry);
  Value *Fits = Tests.build(B);
  unsigned TestInstructions = Entry->size();

  ValueToValueMapTy VMap;
  Function *Hinted = CloneFunction(&F, VMap); // with a subprogram of its own
  Hinted->setName(F.getName() + ".outcore.transformed");
  Hinted->setLinkage(GlobalValue::InternalLinkage);
  Hinted->setComdat(nullptr);
  Hinted->removeFnAttr(Attribute::AlwaysInline);
  Hinted->addFnAttr(Attribute::NoInline); // inlined back, F would carry both bodies
  keepResultDereferenceable(*Hinted);
  if (std::optional<unsigned> SRet = smallStructResult(*Hinted))
    Hinted = returnByValue(*Hinted, *SRet);
  costsNothingToInline(*Hinted, TestInstructions);

  restoreBody(F, Saved);
  SmallVector<Use *, 4> Recursion = callsOfItself(F);
  BasicBlock *InCore;
  if (F.hasFnAttribute(Attribute::NoInline) || !Recursion.empty()) {
    Function *Plain = moveBody(F, F.getName() + ".outcore.plain");
    for (Use *Call : Recursion)
      Call->set(Plain);
    Entry->insertInto(&F);
    if (DISubprogram *Body = Plain->getSubprogram())
      describeParameters(F, *Body, *Entry);
    InCore = BasicBlock::Create(Ctx, "oc.plain", &F);
    IRBuilder<> InCoreB(InCore);
    forwardTo(InCoreB, F, *Plain);
  } else {
    InCore = &F.getEntryBlock();
    Entry->insertInto(&F, InCore);
    // The allocas stay in the entry block, where the pipeline promotes them,
    // and so do the stores of the arguments into them: their debug values
    // then hold in the body too (folded into the body's first loop, they
    // were dropped, and the debugger showed the parameters optimised out).
    BasicBlock::iterator Tested = Entry->begin();
    while (isPrologue(InCore->front()))
      InCore->front().moveBefore(*Entry, Tested);
    // The debug records that followed the prologue describe it.
    for (DbgRecord &Record : make_early_inc_range(InCore->front().getDbgRecordRange())) {
      Record.removeFromParent();
      Entry->insertDbgRecordBefore(&Record, Tested);
    }
  }
  BasicBlock *CallHinted = BasicBlock::Create(Ctx, "oc.hinted", &F);
  markFitTest(*B.CreateCondBr(Fits, InCore, CallHinted, MDBuilder(Ctx).createLikelyBranchWeights()));
  B.SetInsertPoint(CallHinted);
  forwardTo(B, F, *Hinted);
  return true;
}

} // namespace

PreservedAnalyses SaveOriginalsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 16> Functions;
  for (Function &F : M)
    if (canSave(F))
      Functions.push_back(&F);
  for (Function *F : Functions) {
    ValueToValueMapTy VMap;
    // The body comes back under F's own subprogram: cloning it (as cloning
    // within a module does) would leave F's restored code in another's scope.
    if (DISubprogram *SP = F->getSubprogram())
      VMap.MD()[SP].reset(SP);
    Function *Saved = CloneFunction(F, VMap);
    Saved->setName(F->getName() + ".outcore.original");
    Saved->setLinkage(GlobalValue::PrivateLinkage);
    Saved->setSubprogram(nullptr); // one function per subprogram (the verifier)
    Saved->addFnAttr(OriginalOfAttr, F->getName());
    SmallVector<StringRef, 4> Displaced;
    for (Attribute::AttrKind Kind : DisplacedByOptNone)
      if (F->hasFnAttribute(Kind)) {
        Displaced.push_back(Attribute::getNameFromAttrKind(Kind));
        Saved->removeFnAttr(Kind);
      }
    if (!Displaced.empty())
      Saved->addFnAttr(OriginalDisplacedAttr, join(Displaced, ","));
    Saved->addFnAttr(Attribute::NoInline);
    Saved->addFnAttr(Attribute::OptimizeNone);
  }
  return Functions.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

PreservedAnalyses RestoreUntouchedPass::run(Module &M, ModuleAnalysisManager &) {
  const GlobalValue *LimitNow = M.getNamedValue(MemoryLimitNowName);
  SmallVector<Function *, 16> Saved;
  for (Function &F : M)
    if (F.hasFnAttribute(OriginalOfAttr))
      Saved.push_back(&F);
  for (Function *S : Saved) {
    Function *F = M.getFunction(S->getFnAttribute(OriginalOfAttr).getValueAsString());
    if (!F || F->isDeclaration()) {
      S->eraseFromParent();
      continue;
    }
    if (transformed(*F, LimitNow)) {
      if (dispatchToSaved(*F, *S, *LimitNow)) {
        ++NumDispatched;
      } else {
        S->eraseFromParent();
        judgeByOriginalNests(*F);
      }
      continue;
    }
    restoreBody(*F, *S);
    ++NumRestored;
  }
  return Saved.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace outcore
