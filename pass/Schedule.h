//===- Schedule.h - Pipeline loop, prefetch distance, strip size ----------===//
//
// The scheduling decisions of TOCS 3.2 for one analysed nest, without
// changing the IR: which loop to software-pipeline (Fig. 8: move outward
// while a loop touches less than a block), how many iterations of it form one
// strip (one block of BlockPages pages of the fastest reference), how many
// strips ahead to prefetch (eq. 1, d = ceil(l_m / (s + l_p)) with s the
// shortest path through one strip), and which references get which hints.
// A nest that cannot be scheduled gets a Reason in plain words.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_SCHEDULE_H
#define OUTCORE_SCHEDULE_H

#include "Locality.h"
#include "Options.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class LoadInst;
class Loop;
class LoopInfo;
class ScalarEvolution;
class SCEV;
class SCEVAddRecExpr;
} // namespace llvm

namespace outcore {

/// One reference that gets hints in the pipeline loop.
struct RefSchedule {
  unsigned Ref;              ///< index into NestModel::Refs
  /// Address of the reference at the first iteration of the pipeline loop,
  /// inner loops at their first iteration (invariant in the pipeline loop).
  const llvm::SCEV *Base;
  int64_t Step;              ///< bytes per iteration of the pipeline loop; 0: symbolic
  /// Bytes per iteration as a SCEV invariant in the pipeline loop (a run-time
  /// value for VLA rows and flattened A[i*cols+j]). A symbolic step is only
  /// ever a page per iteration, its release guarded by |step| >= a page.
  const llvm::SCEV *StepS = nullptr;
  int64_t Pages;             ///< pages per strip (block)
  bool Prefetch, Release;
  /// One contiguous stream per strip; false: one page per iteration (a
  /// stride of a page or more), so block counts do not apply. With a
  /// symbolic step: rows of the short-row copy, hinted only where the step
  /// is positive and at most a block at run time (Pages is then nominal).
  bool Contiguous = true;
  unsigned Priority;
  /// Hints once per iteration of the pipeline loop, IterDistance ahead, not
  /// once per strip: a stride of a page or more among dense references, and
  /// indirect references.
  bool PerIteration = false;
  /// Indirect a[b[i]] (TOCS Fig. 9): one oc_prefetch per iteration. Base and
  /// Step then describe the index load b[i]; Target is the address of a[b[i]]
  /// in terms of IndexLoad.
  llvm::LoadInst *IndexLoad = nullptr;
  const llvm::SCEV *Target = nullptr;
  /// A stream along the rows of a compressed layout (val[k], k from p[r] to
  /// p[r + 1] in an inner loop; the pipeline loop is r): its address at k
  /// is Base + Step * k, and the iterations [a, b) of the pipeline loop walk
  /// k from p[a] to p[b]. RowAt is &p[r] over the pipeline loop, RowLoad
  /// the load of p[r] (type, alignment); null for other references.
  const llvm::SCEVAddRecExpr *RowAt = nullptr;
  llvm::LoadInst *RowLoad = nullptr;
  bool RowSigned = true;
};

struct NestSchedule {
  llvm::Loop *Pipeline = nullptr;
  unsigned PipelineDepth = 0;  ///< depth in the nest, 0 = outermost
  const llvm::SCEV *BackedgeTaken = nullptr; ///< of the pipeline loop
  int64_t Strip = 1;           ///< iterations of the pipeline loop per strip
  /// Non-null: the strip is max(1, block / StripStep) iterations, known only
  /// at run time (rows of a run-time length in the short-row copy); Strip is
  /// then 1 for the compile-time estimates. StripStep: the largest |step| in
  /// bytes of the dense references, at least 1, invariant in the pipeline loop.
  const llvm::SCEV *StripStep = nullptr;
  int64_t BodyInstructions = 1;///< shortest path through one iteration
  int64_t DistanceStrips = 1;  ///< eq. 1 over the strip loop
  int64_t Distance() const { return DistanceStrips * Strip; } ///< iterations
  /// Iterations ahead for per-iteration hints (eq. 1 over one iteration).
  /// With indirect references the block prefetches run at least a strip
  /// further ahead, so the index b[i + IterDistance] is read from a page
  /// already prefetched.
  int64_t IterDistance = 0;
  std::vector<RefSchedule> Refs;
  std::string Reason;          ///< non-empty: not transformed, and why
  /// Non-empty: no single pipeline loop; each of these loops of the nest is
  /// scheduled as a pipeline of its own (scheduleNest with Within).
  std::vector<llvm::Loop *> Parts;
  /// The loop of the nest this schedule is confined to (null: the nest).
  llvm::Loop *Within = nullptr;
  /// Set under -outcore-unknown-trip=version when the pipeline loop's trip
  /// count is unknown at compile time and the loop around it is in the nest
  /// (TOCS Fig. 8 could move outward): the
  /// bytes the hinted references advance over one entry of the pipeline loop,
  /// computable before the nest. Below a block at run time, the schedule with
  /// the pipeline loop moved outward (OutwardOf) is the better one.
  const llvm::SCEV *EntryBytes = nullptr;
};

/// TOCS eq. 1: ceil(Lm / (S + Lp)), at least 1.
int64_t prefetchDistance(int64_t Lm, int64_t S, int64_t Lp);

/// Instructions on the shortest path through one iteration of L (inner loops
/// counted once per known constant trip).
int64_t shortestPathInstructions(const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// OutwardOf: a loop of the nest to treat as touching less than a block (the
/// pipeline loop moves outward from it), for the run-time version that
/// EntryBytes selects. Within: schedule only the references inside this loop
/// of the nest, the pipeline loop no further out than it (one of Parts).
NestSchedule scheduleNest(const AnalyzedNest &Nest, const OutcoreParams &Params,
                          llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                          llvm::ScalarEvolution &SE,
                          const llvm::Loop *OutwardOf = nullptr,
                          llvm::Loop *Within = nullptr);

} // namespace outcore

#endif
