//===- Footprint.h - What a nest touches, as SCEVs before the nest --------===//
//
// The SCEV cost side of versioning (DESIGN.md, oc_memory_limit): the bytes a
// nest touches over all its iterations and the pages one iteration of a loop
// touches, from the nest's actual bounds (trip counts and strides from
// ScalarEvolution), so that symbolic bounds are handled too (TOCS 5.3: the
// fix the papers propose for MGRID/APPLU). Versioning.cpp places the tests
// and clones the loops; nothing here changes the IR.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_FOOTPRINT_H
#define OUTCORE_FOOTPRINT_H

#include "Locality.h"

#include <optional>
#include <vector>

namespace llvm {
class LoadInst;
class Loop;
class ScalarEvolution;
class SCEV;
class SCEVAddRecExpr;
class Type;
class Value;
} // namespace llvm

namespace outcore {

/// Iterations of L per entry as an i64 SCEV invariant in Outer: the exact
/// count when it is, else its largest value over the nest (triangular
/// nests: j <= i counts i's last value); null if none (never the range of
/// the counter's type).
const llvm::SCEV *tripsInvariantIn(const llvm::Loop *L, const llvm::Loop *Outer,
                                   llvm::ScalarEvolution &SE);

/// An upper bound of the signed value S over the iterations of the loop L
/// (and the loops in it), as an i64 SCEV invariant in L; null when not seen.
/// Affine recurrences are bounded at one of their ends, sums by the sum of
/// their operands' bounds (so a tile's min(e, n) - b counts as reaching n).
const llvm::SCEV *upperBoundOver(const llvm::SCEV *S, const llvm::Loop *L,
                                 llvm::ScalarEvolution &SE);

/// A value of the nest that a footprint reads at the nest's entry: Stands (a
/// load in the outermost loop's header, which every iteration runs) stands
/// in the footprint for the element at Address (invariant in the nest: the
/// load's address at the loop's first or last iteration), which the nest
/// reads whenever it runs.
struct EntryRead {
  llvm::Value *Stands;
  const llvm::SCEV *Address;
  llvm::Type *Ty;
};

/// Rows of different lengths that a nest walks, each to its own end (a vector
/// of vectors to each row's size(), adjacency lists to each vertex's degree):
/// their bytes are a sum over the iterations of the nest's outermost loop,
/// which only a loop before the nest can compute. PerRow is one row's bytes,
/// in the outermost loop's counter and the values of Computed: instructions of
/// its header, operands first, which a loop over the rows computes again
/// (loads at addresses affine in the loop, and arithmetic on them).
struct RowSum {
  const llvm::SCEV *Trips; ///< the outermost loop's iterations
  const llvm::SCEV *PerRow;
  std::vector<llvm::Instruction *> Computed;
};

/// What a nest touches: Bytes, a SCEV computable before the nest once each
/// of Reads is loaded there (null: no bound), plus Rows summed when present.
struct Footprint {
  const llvm::SCEV *Bytes = nullptr;
  std::vector<EntryRead> Reads;
  std::optional<RowSum> Rows;
};

/// A loop K directly inside the loop R that walks one row of a compressed
/// layout: k = p[r], p[r] + 1, ... while k < p[r + 1] (CSR's rowptr), p[r]
/// and p[r + 1] read in R's header (which every iteration of R runs).
struct RowWalk {
  const llvm::Loop *K;
  llvm::LoadInst *First, *Last;         ///< the loads of p[r] and p[r + 1]
  const llvm::SCEVAddRecExpr *FirstAt;  ///< &p[r] over R
  bool Signed;                          ///< k and p compare as signed values
};

/// K as a row walk inside Outer, if it is one.
std::optional<RowWalk> rowWalk(const llvm::Loop *K, const llvm::Loop *Outer,
                               llvm::ScalarEvolution &SE);

/// AR, an address along the row walk W (val[k]), as Base + Step * ext(p[r])
/// at the row's first k: Base (invariant in R), else null.
const llvm::SCEV *rowStreamBase(const llvm::SCEVAddRecExpr *AR, const RowWalk &W,
                                llvm::ScalarEvolution &SE);

/// An upper bound of the bytes the references of the nest touch over the
/// whole nest, rounded out to pages. An inner loop walking one row of a
/// compressed layout (k from p[r] while k < p[r + 1], CSR's rowptr) counts
/// p[last + 1] - p[first] iterations over the nest, read at its entry (the
/// rows follow each other). Rows whose lengths the outermost loop reads one
/// by one are summed (Footprint::Rows). Bytes is null when some bound or
/// stride is unknown before the nest.
Footprint nestFootprint(const AnalyzedNest &Nest, int64_t PageSize, llvm::ScalarEvolution &SE);

/// Pages one iteration of loop K of the nest touches, as a SCEV computable
/// before the nest: per reference, the model's count (LoopLocality::RefPages)
/// from the actual trip counts, or its address span when fewer (rows that
/// follow each other share pages); null when a reference has neither.
const llvm::SCEV *pagesPerIteration(const AnalyzedNest &Nest, int K, int64_t PageSize,
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

} // namespace outcore

#endif
