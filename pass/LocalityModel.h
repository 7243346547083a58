//===- LocalityModel.h - IR-free loop-nest model and locality math ---------===//
//
// The locality analysis of TOCS 2001 (Sec. 3.1, Appendix A) and the release
// priorities of OSDI 2000 (eq. 2), over a plain description of a loop nest.
// Nothing here knows about LLVM IR: the nest builders make a NestModel from
// Polly SCoPs / ScalarEvolution, and unit tests build one by hand from isl
// strings to reproduce the papers' worked examples.
//
// The loop-nest conventions are those of NestModel.h.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_LOCALITYMODEL_H
#define OUTCORE_LOCALITYMODEL_H

#include "NestModel.h"
#include "Predicate.h"
#include "Reuse.h"

#include "isl/isl-noexceptions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace outcore {

/// What to assume for a trip count unknown at compile time (TOCS 3.1.3).
enum class UnknownTrip {
  Small,   ///< always localized
  Large,   ///< never localized (the papers' advice: underestimate memory)
  Version, ///< like Large, and mark the loop for run-time versioning
};

struct MachineParams {
  int64_t PageSize = 4096;          ///< bytes
  int64_t MemSize = 64 << 20;       ///< bytes the analysis may assume
  UnknownTrip Unknown = UnknownTrip::Large;

  bool operator==(const MachineParams &O) const {
    return PageSize == O.PageSize && MemSize == O.MemSize && Unknown == O.Unknown;
  }
};


//===----------------------------------------------------------------------===//
// The locality of a whole nest (TOCS 3.1.3, 3.1.4; OSDI eq. 2).
//===----------------------------------------------------------------------===//

enum class GroupRole { Single, Leader, Trailer, Member };
const char *groupRoleName(GroupRole R); // "single", "leader", "trailer", "member"

/// One term of a symbolic page count: Coef * prod ceil(trip(Loop) / Div).
struct PageTerm {
  int64_t Coef = 0;
  std::vector<std::pair<int, int64_t>> Factors; ///< (loop, Div), sorted
};

struct LoopLocality {
  std::optional<int64_t> PagesPerIter; ///< pages one iteration touches, when constant
  std::string PagesText;               ///< printable, possibly symbolic
  /// The same count by reference: (reference, its pages); 1 for one that
  /// follows a group's leader or touches a counted reference's elements.
  std::vector<std::pair<int, PageTerm>> RefPages;
  bool Localized = false;
  bool DependsOnUnknownTrip = false;   ///< decision rests on -outcore-unknown-trip
  /// Decision rests on the memory at run time: the pages exceed the memory
  /// assumed at compile time (-outcore-unknown-trip=version versions it).
  bool DependsOnMemory = false;

  bool decidedAtRunTime() const { return DependsOnUnknownTrip || DependsOnMemory; }
};

struct RefLocality {
  isl::set TemporalSpace, SpatialSpace; ///< ker H, ker H_S (null if Indirect or
                                        ///< the access does not span the path)
  /// Loop indices (NestModel numbering) whose direction carries the reuse /
  /// lies in the localized space / carries locality (reuse ∩ localized).
  std::vector<int> TemporalLoops, SpatialLoops, LocalizedLoops;
  std::vector<int> TemporalLocality, SpatialLocality;
  /// For each loop in SpatialLocality: iterations that stay on one page.
  std::vector<int64_t> SpatialFactor;
  int Group = -1;                       ///< index of the group (refs sharing pages)
  GroupRole Role = GroupRole::Single;
  Predicate PrefetchPredicate;          ///< "true", "false", "i = 0", "j mod 2 = 0", "a and b"
  Predicate ReleasePredicate;
  unsigned Priority = 0;                ///< OSDI eq. 2 over TemporalLoops
  bool Hints = true;                    ///< false: smaller than a page, or resident
};

struct NestLocality {
  std::vector<LoopLocality> Loops;      ///< parallel to NestModel::Loops
  std::vector<RefLocality> Refs;        ///< parallel to NestModel::Refs
};

/// AssumeFitFromDepth >= 0: loops at this depth or deeper whose fit rests on
/// unknown trip counts are taken to fit (a run-time version of the nest
/// checks that).
NestLocality analyzeNest(const NestModel &Nest, const MachineParams &Params,
                         int AssumeFitFromDepth = -1);

/// Depth of a loop in the nest tree (0 = outermost).
int loopDepth(const NestModel &Nest, int Loop);

/// The source name of a loop for printing ("i"; "loop2" when it has none).
std::string loopName(const NestModel &Nest, int Loop);

/// T in parentheses unless it is a single name or number ("(n - 1)", "n").
std::string parenthesized(const std::string &T);

/// A * B, saturated at INT64_MAX: page counts of deep nests overflow.
int64_t saturatedMul(int64_t A, int64_t B);

} // namespace outcore

#endif
