//===- Versioning.h - Run-time choice between hinted and original nests ---===//
//
// DESIGN.md, oc_memory_limit: a transformed nest keeps an untouched clone of
// itself, and the nest's entry picks one at run time:
//
//   oc.version:  fp = <bytes the hinted references touch over the nest>
//                br (fp <= oc_memory_limit()), clone, hinted
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

namespace llvm {
class DominatorTree;
class FunctionCallee;
class Loop;
class LoopInfo;
class ScalarEvolution;
class SCEV;
} // namespace llvm

namespace outcore {

/// An upper bound of the bytes the references of the nest touch over the
/// whole nest, rounded out to pages, as a SCEV computable before the nest;
/// null when some bound or stride is unknown there.
const llvm::SCEV *nestFootprint(const AnalyzedNest &Nest, int64_t PageSize,
                                llvm::ScalarEvolution &SE);

/// Clones the nest Outer (left untouched) and makes its preheader choose:
/// the clone when Footprint <= MemoryLimit(), else Outer. Returns false,
/// with nothing changed, when Outer's shape does not allow it.
bool versionNest(llvm::Loop *Outer, const llvm::SCEV *Footprint,
                 llvm::FunctionCallee MemoryLimit, llvm::LoopInfo &LI,
                 llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

} // namespace outcore

#endif
