//===- Versioning.h - Run-time choice between hinted and original nests ---===//
//
// DESIGN.md, oc_memory_limit: a transformed nest keeps an untouched clone of
// itself, and the nest's entry picks one at run time:
//
//   oc.version:  fp = <bytes the hinted references touch over the nest>
//                br (fp <= load atomic unordered @oc_memory_limit_now), clone, hinted
//
// The limit is a load of the runtime's cached figure, not a call, and the
// hinted side then moves to a function of its own: no call is left in the
// original nest's function, which then compiles as in the plain build.
//
// Where a localization decision rests on a trip count unknown at compile
// time, the hinted nest is versioned again, once per distinct outcome: a
// version that keeps a loop's pages across its iterations runs when the
// pages one iteration touches, from the actual trip counts, fit.
//
// The footprint and the pages per iteration come from Footprint.h. Both
// versions compute the same thing: the choice is about speed only.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_VERSIONING_H
#define OUTCORE_VERSIONING_H

#include "Footprint.h"
#include "Locality.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class AssumptionCache;
class DominatorTree;
class FunctionCallee;
class Loop;
class LoopInfo;
class ScalarEvolution;
class SCEV;
} // namespace llvm

namespace outcore {

/// Clones the loop L (left untouched) and makes its preheader branch to the
/// clone when Condition, built at the end of the preheader, holds. Returns
/// the clone, VMap mapping L's values to it, its blocks named with Suffix;
/// null, with nothing changed, when L's shape does not allow it or Condition
/// returns null.
llvm::Loop *cloneLoopUnder(llvm::Loop *L,
                           llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &)> Condition,
                           llvm::StringRef Suffix, llvm::ValueToValueMapTy &VMap,
                           llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                           llvm::ScalarEvolution &SE);

/// Clones the nest Outer (left untouched) and makes its preheader choose:
/// the clone when Need <= the value loaded from LimitNow, else Outer. The test itself runs
/// before the outermost loop around Outer in which Need is invariant. Returns the clone, VMap
/// mapping Outer's values to it, its blocks named with Suffix; null, with nothing changed, when Outer's
/// shape does not allow it. Called again on Outer, the checks chain: the
/// first clone is tried first.
llvm::Loop *versionNest(llvm::Loop *Outer, const llvm::SCEV *Need,
                        llvm::Constant *LimitNow, llvm::StringRef Suffix,
                        llvm::ValueToValueMapTy &VMap, llvm::LoopInfo &LI,
                        llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

/// The fit test of a hinted nest: the nest's original code (an untouched
/// clone) runs when FP.Bytes <= the value loaded from LimitNow, or <=
/// AlwaysFits (data too small for hints to matter at any limit: where the
/// footprint becomes a constant, once inlined, the test folds away). Where the
/// test runs before a small loop around the nest that the pass does not
/// model, that loop is cloned with the nest; a footprint with entry reads is
/// tested in the nest's own preheader, after loading them. Returns the block
/// the test branches to when the data does not fit (the hinted side: Outer and
/// the versions made from it later); null, with nothing changed, when the
/// shape does not allow it.
llvm::BasicBlock *versionOriginal(llvm::Loop *Outer, const Footprint &FP, uint64_t AlwaysFits,
                                  llvm::Constant *LimitNow, llvm::LoopInfo &LI,
                                  llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

/// Moves the hinted side of a fit test (the blocks HintedEntry dominates, as
/// versionOriginal returned it, once every version is hinted) into a new
/// internal noinline function named <function>.outcore.hinted.<Number>, called
/// from the fit test's unlikely branch. The original nest then shares its
/// function with no call, and is compiled as in the plain build (a value kept
/// in a callee-saved register for the hinted code's calls costs a copy per
/// iteration). False, with nothing changed, where CodeExtractor cannot move
/// the region (allocas, EH pads, va_start, musttail, returns in it).
bool outlineHinted(llvm::BasicBlock *HintedEntry, unsigned Number, llvm::AssumptionCache *AC);

/// Marks functions made by outlineHinted: the pass leaves them alone.
bool isOutlinedHinted(const llvm::Function &F);

/// The nest N as it is in a clone made by versionNest, or in a clone of one
/// of its loops (what lies outside that loop stays as it is).
IRNest remapNest(const IRNest &N, llvm::ValueToValueMapTy &VMap,
                 llvm::LoopInfo &LI);

} // namespace outcore

#endif
