//===- Versioning.h - Run-time choice between hinted and original nests ---===//
//
// DESIGN.md, oc_memory_limit: a transformed nest keeps an untouched clone of
// itself, and the nest's entry picks one at run time:
//
//   oc.version:  fp = <bytes the hinted references touch over the nest>
//                br (fp <= oc_memory_limit()), clone, hinted
//
// Where a localization decision rests on a trip count unknown at compile
// time, the hinted nest is versioned again, once per distinct outcome: a
// version that keeps a loop's pages across its iterations runs when the
// pages one iteration touches, from the actual trip counts, fit.
//
// The footprint comes from the nest's actual bounds (trip counts and strides
// from ScalarEvolution), so symbolic bounds are handled too (TOCS 5.3: the
// fix the papers propose for MGRID/APPLU). Both versions compute the same
// thing: the choice is about speed only.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_VERSIONING_H
#define OUTCORE_VERSIONING_H

#include "Locality.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class DominatorTree;
class FunctionCallee;
class Loop;
class LoopInfo;
class ScalarEvolution;
class SCEV;
} // namespace llvm

namespace outcore {

/// Iterations of L per entry as an i64 SCEV invariant in Outer: the exact
/// count when it is, else its largest value over the nest (triangular
/// nests: j <= i counts i's last value); null if none (never the range of
/// the counter's type).
const llvm::SCEV *tripsInvariantIn(const llvm::Loop *L, const llvm::Loop *Outer,
                                   llvm::ScalarEvolution &SE);

/// An upper bound of the bytes the references of the nest touch over the
/// whole nest, rounded out to pages, as a SCEV computable before the nest;
/// null when some bound or stride is unknown there.
const llvm::SCEV *nestFootprint(const AnalyzedNest &Nest, int64_t PageSize,
                                llvm::ScalarEvolution &SE);

/// Pages one iteration of loop K of the nest touches (LoopLocality::Pages)
/// from the actual trip counts, as a SCEV computable before the nest; null
/// when some trip count is not.
const llvm::SCEV *pagesPerIteration(const AnalyzedNest &Nest, int K,
                                    llvm::ScalarEvolution &SE);

/// A locality of the nest for trip counts known only at run time (TOCS 5.3,
/// -outcore-unknown-trip=version): more loops localized than the analysis
/// could prove, valid when Need (bytes) fits in memory.
struct LocalizedVersion {
  NestLocality Locality;
  const llvm::SCEV *Need;
};

/// The distinct localities the nest has when the loops whose fit rests on
/// unknown trip counts fit from some depth inward, most localized first (at
/// most MaxVersions).
std::vector<LocalizedVersion> localizedVersions(const AnalyzedNest &Nest,
                                                const MachineParams &Params,
                                                llvm::ScalarEvolution &SE,
                                                unsigned MaxVersions = 3);

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
/// the clone when Need <= MemoryLimit(), else Outer. The test itself runs
/// before the outermost loop around Outer in which Need is invariant. Returns the clone, VMap
/// mapping Outer's values to it, its blocks named with Suffix; null, with nothing changed, when Outer's
/// shape does not allow it. Called again on Outer, the checks chain: the
/// first clone is tried first.
llvm::Loop *versionNest(llvm::Loop *Outer, const llvm::SCEV *Need,
                        llvm::FunctionCallee MemoryLimit, llvm::StringRef Suffix,
                        llvm::ValueToValueMapTy &VMap, llvm::LoopInfo &LI,
                        llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

/// The fit test of a hinted nest: the nest's original code (an untouched
/// clone) runs when Footprint <= MemoryLimit(). Where the test runs before a
/// small loop around the nest that the pass does not model, that loop is
/// cloned with the nest. False, with nothing changed, when the shape does not
/// allow it.
bool versionOriginal(llvm::Loop *Outer, const llvm::SCEV *Footprint,
                     llvm::FunctionCallee MemoryLimit, llvm::LoopInfo &LI,
                     llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

/// The nest N as it is in a clone made by versionNest, or in a clone of one
/// of its loops (what lies outside that loop stays as it is).
IRNest remapNest(const IRNest &N, llvm::ValueToValueMapTy &VMap,
                 llvm::LoopInfo &LI);

} // namespace outcore

#endif
