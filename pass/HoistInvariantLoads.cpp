//===- HoistInvariantLoads.cpp - Scalars and pointers read once per loop --===//

#include "HoistInvariantLoads.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/MustExecute.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

STATISTIC(NumHoisted, "Loads of loop-invariant variables moved to a preheader");

namespace outcore {
namespace {

/// A variable itself (argument, stack slot, global), not an element reached
/// through an address computation.
bool isVariable(const Value *Ptr) {
  return isa<Argument>(Ptr) || isa<AllocaInst>(Ptr) || isa<GlobalVariable>(Ptr);
}

/// Whether the load reads a field of a struct, as its type-based alias tag
/// says (its base type a struct, not the scalar itself as for an array's
/// element).
bool readsStructField(const LoadInst &Load) {
  const MDNode *Tag = Load.getMetadata(LLVMContext::MD_tbaa);
  return Tag && Tag->getNumOperands() >= 3 && Tag->getOperand(0) != Tag->getOperand(1);
}

/// What the load reads: a variable, or a pointer wherever it is held (a row
/// pointer a[i] of double **a that a loop over j reads again for a[i][j], a
/// struct's field g->u).
bool readsVariableOrPointer(const LoadInst &Load) {
  return isVariable(Load.getPointerOperand()) || Load.getType()->isPointerTy();
}

/// Whether the load reads an integer field of a struct (a grid's `ny` that a
/// method's loops run to, `this->ny`).
bool readsIntegerField(const LoadInst &Load) {
  return Load.getType()->isIntegerTy() && readsStructField(Load);
}

bool loopMayWrite(const Loop &L, const MemoryLocation &Loc, AAResults &AA) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (I.mayWriteToMemory() && isModSet(AA.getModRefInfo(&I, Loc)))
        return true;
  return false;
}

} // namespace

PreservedAnalyses HoistInvariantLoadsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &AA = FAM.getResult<AAManager>(F);
  auto &AC = FAM.getResult<AssumptionAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();
  bool Changed = false;
  // Inner loops first: a load leaves one loop at a time, into the preheader,
  // which belongs to the loop around it.
  SmallVector<Loop *, 16> Loops = LI.getLoopsInPreorder();
  for (Loop *L : llvm::reverse(Loops)) {
    BasicBlock *Preheader = L->getLoopPreheader();
    if (!Preheader)
      continue;
    Instruction *At = Preheader->getTerminator();
    SimpleLoopSafetyInfo Safety;
    Safety.computeLoopSafetyInfo(L);
    SmallVector<LoadInst *, 8> Hoist;
    for (BasicBlock *BB : L->blocks()) {
      if (LI.getLoopFor(BB) != L)
        continue; // an inner loop kept it: something there may write it
      // Each load moves at once: a row pointer read through a pointer that an
      // earlier load of the block reads (v[i][j] of a vector of vectors) follows.
      for (Instruction &I : make_early_inc_range(*BB)) {
        auto *Load = dyn_cast<LoadInst>(&I);
        bool IntegerField = Load && readsIntegerField(*Load);
        if (!Load || !Load->isSimple() || !(readsVariableOrPointer(*Load) || IntegerField) ||
            loopMayWrite(*L, MemoryLocation::get(Load), AA))
          continue;
        // a[i]'s address may be computed in the loop: a pure computation that
        // moves out first. The load moves where the loop loads it on its first
        // iteration anyway, or where any load of it is safe. An integer field
        // only where any load is (`this`, which C++ makes dereferenceable):
        // moved out of a row loop whose struct's array pointer, loaded only
        // when a row is not empty, could not follow (`g->u` of a C
        // `struct grid *g`), it made the nest of rows one the analysis refuses,
        // where it had taken the loop over a row alone.
        Value *Ptr = Load->getPointerOperand();
        bool Moved = false;
        if (!L->makeLoopInvariant(Ptr, Moved, At) ||
            !((!IntegerField && Safety.isGuaranteedToExecute(*Load, &DT, L)) ||
              isSafeToLoadUnconditionally(Ptr, Load->getType(), Load->getAlign(), DL, At, &AC,
                                          &DT)))
          continue;
        Load->moveBefore(At);
        // A variable's load no longer runs where the source line does; a row
        // pointer's keeps its line: it is a reference to the pointer array, and
        // its Locality remark points there.
        if (isVariable(Ptr))
          Load->dropLocation();
        Hoist.push_back(Load);
      }
    }
    NumHoisted += Hoist.size();
    Changed |= !Hoist.empty();
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace outcore
