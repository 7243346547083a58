//===- LocalityModel.cpp - Localized space, predicates, priorities --------===//
//
// TOCS 2001 Sec. 3.1.3 (localized iteration space), 3.1.4 (prefetch and
// release predicates), A.3 (groups) and OSDI 2000 eq. 2 (release priority),
// over a NestModel. The reuse spaces come from Reuse.cpp.
//
//===----------------------------------------------------------------------===//

#include "LocalityModel.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>

namespace outcore {

namespace {

constexpr int64_t Saturated = std::numeric_limits<int64_t>::max();

// Page counts of deep nests overflow quickly (10^6 pages per loop level):
// saturate, since any such count is "does not fit" anyway.
int64_t satAdd(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_add_overflow(A, B, &R) ? Saturated : R;
}

std::string tripText(const NestModel &Nest, int Loop) {
  const NestLoop &L = Nest.Loops[Loop];
  return L.TripText.empty() ? "trip(" + loopName(Nest, Loop) + ")" : L.TripText;
}

/// A page count: a sum of integer multiples of products of unknown trip
/// counts ("n", "ceil(n/2)"). Unknown factors are at least 1 (the loop runs),
/// which gives the lower bound used to decide "does not fit" without them.
class PageCount {
  using Factors = std::vector<std::pair<int, int64_t>>; // (loop, divisor)
  std::map<Factors, int64_t> Terms;                     // sorted factors -> coef

public:
  void add(Factors F, int64_t Coef) {
    std::sort(F.begin(), F.end());
    int64_t &C = Terms[F];
    C = satAdd(C, Coef);
  }
  bool isConstant() const {
    return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
  }
  int64_t lowerBound() const {
    int64_t Sum = 0;
    for (const auto &[F, Coef] : Terms)
      Sum = satAdd(Sum, Coef);
    return Sum;
  }
  std::string text(const NestModel &Nest) const {
    std::string Out;
    auto Append = [&](const std::string &Term) {
      Out += Out.empty() ? Term : " + " + Term;
    };
    // Symbolic terms first, sorted by text, the constant last:
    // "ceil(n/2) + n + 1".
    std::map<std::string, int64_t> Symbolic;
    for (const auto &[F, Coef] : Terms) {
      if (F.empty())
        continue;
      std::vector<std::string> Names;
      for (auto [Loop, Div] : F) {
        std::string Trip = tripText(Nest, Loop);
        Names.push_back(Div > 1 ? "ceil(" + parenthesized(Trip) + "/" +
                                      std::to_string(Div) + ")"
                                : Trip);
      }
      std::sort(Names.begin(), Names.end());
      std::string Term;
      for (size_t I = 0; I < Names.size(); ++I)
        Term += (I ? "*" : "") + Names[I];
      int64_t &C = Symbolic[Term];
      C = satAdd(C, Coef);
    }
    for (const auto &[Term, Coef] : Symbolic)
      Append(Coef == 1 ? Term : std::to_string(Coef) + "*" + Term);
    auto Const = Terms.find({});
    if (Const != Terms.end())
      Append(std::to_string(Const->second));
    return Out.empty() ? "0" : Out;
  }
};

/// Whether the reuse math applies: a direct reference whose access relation
/// ranges over exactly the loops of its path. Anything else (a malformed
/// model included) is treated as having no reuse rather than handed to isl,
/// which aborts on mismatched spaces.
bool analysable(const NestRef &Ref) {
  if (Ref.Indirect || Ref.Access.is_null())
    return false;
  isl_size In = Ref.Access.dim(isl::dim::in).release();
  return In >= 0 && size_t(In) == Ref.Path.size();
}

/// Per-reference facts that do not depend on memory size.
struct RefReuse {
  std::vector<bool> Temporal;      ///< per path position
  std::vector<int64_t> Spatial;    ///< per path position: factor, 0 if none
};

RefReuse reuseAlongLoops(const NestRef &Ref, const isl::multi_aff &Fn, const RefLocality &Out,
                         const MachineParams &Params) {
  size_t N = Ref.Path.size();
  RefReuse R{std::vector<bool>(N, false), std::vector<int64_t>(N, 0)};
  if (!analysable(Ref))
    return R;
  isl::ctx Ctx = Ref.Access.ctx();
  for (size_t P = 0; P < N; ++P) {
    isl::set Unit = unitVector(Ctx, unsigned(N), unsigned(P));
    if (Unit.is_subset(Out.TemporalSpace).is_true()) {
      R.Temporal[P] = true;
      continue;
    }
    if (!Unit.is_subset(Out.SpatialSpace).is_true())
      continue;
    std::optional<int64_t> Stride = lastIndexStride(Fn, unsigned(P));
    if (!Stride || *Stride == 0)
      continue; // the row moves only through floor divisions: not modelled
    int64_t StrideBytes = saturatedMul(std::llabs(*Stride), Ref.ElemSize);
    if (StrideBytes > 0 && StrideBytes < Params.PageSize)
      R.Spatial[P] = Params.PageSize / StrideBytes;
  }
  return R;
}

/// Groups of references sharing pages (A.3), with leader and trailer.
struct Group {
  std::vector<int> Members; ///< reference indices, program order
  int Leader = -1, Trailer = -1;
};

/// Partition Candidates (reference indices, program order; Fns their affine
/// functions by reference index, as the pairs compare them O(N^2) times) into groups:
/// uniformly generated references of the same array and loops with group
/// reuse along the path positions AllowedOf(ref) returns. Group reuse is not
/// transitive with the half-page rule; like Mowry's compiler we take its
/// closure so that a chain of neighbours forms one group.
template <typename AllowedFn>
std::vector<Group> formGroups(const NestModel &Nest, const std::vector<isl::multi_aff> &Fns,
                              const std::vector<int> &Candidates,
                              const MachineParams &Params,
                              AllowedFn AllowedOf) {
  size_t N = Candidates.size();
  std::vector<size_t> Root(N);
  std::iota(Root.begin(), Root.end(), 0);
  auto Find = [&](size_t X) {
    while (Root[X] != X)
      X = Root[X] = Root[Root[X]];
    return X;
  };
  for (size_t I = 0; I < N; ++I) {
    const NestRef &A = Nest.Refs[Candidates[I]];
    if (!analysable(A))
      continue;
    for (size_t J = I + 1; J < N; ++J) {
      const NestRef &B = Nest.Refs[Candidates[J]];
      if (!analysable(B) || A.ArrayId != B.ArrayId || A.Path != B.Path ||
          A.ElemSize != B.ElemSize || Find(I) == Find(J))
        continue;
      if (haveGroupReuse(Fns[Candidates[I]], Fns[Candidates[J]], A.ElemSize, Params.PageSize,
                         AllowedOf(A)))
        Root[Find(J)] = Find(I);
    }
  }
  std::vector<Group> Groups;
  std::vector<int> GroupOfRoot(N, -1);
  for (size_t I = 0; I < N; ++I) {
    int &G = GroupOfRoot[Find(I)];
    if (G < 0) {
      G = int(Groups.size());
      Groups.emplace_back();
    }
    Groups[G].Members.push_back(Candidates[I]);
  }
  for (Group &G : Groups) {
    // Ties (same data in the same iteration) go to program order: the first
    // reference leads, the last one trails.
    G.Leader = G.Trailer = G.Members.front();
    for (size_t K = 1; K < G.Members.size(); ++K) {
      const isl::multi_aff &M = Fns[G.Members[K]];
      if (compareLead(M, Fns[G.Leader]) < 0)
        G.Leader = G.Members[K];
      if (compareLead(M, Fns[G.Trailer]) >= 0)
        G.Trailer = G.Members[K];
    }
  }
  return Groups;
}

int pathPosition(const NestRef &Ref, int Loop) {
  auto It = std::find(Ref.Path.begin(), Ref.Path.end(), Loop);
  return It == Ref.Path.end() ? -1 : int(It - Ref.Path.begin());
}

/// Pages one reference touches over the loops at path positions > Pos
/// (TOCS 3.1.3): per loop 1 with temporal reuse, ceil(trip / factor) with
/// spatial reuse, the trip count otherwise; at least one page.
PageTerm refPages(const NestModel &Nest, const NestRef &Ref, const RefReuse &Reuse, int Pos) {
  int64_t Coef = 1;
  std::vector<std::pair<int, int64_t>> Factors;
  for (size_t P = size_t(Pos) + 1; P < Ref.Path.size(); ++P) {
    if (Reuse.Temporal[P])
      continue;
    const NestLoop &L = Nest.Loops[Ref.Path[P]];
    int64_t F = Reuse.Spatial[P];
    if (L.TripCount) {
      int64_t Trip = std::max<int64_t>(*L.TripCount, 0);
      Coef = saturatedMul(Coef, F ? (Trip + F - 1) / F : Trip);
    } else {
      Factors.push_back({Ref.Path[P], std::max<int64_t>(F, 1)});
    }
  }
  if (Factors.empty())
    Coef = std::max<int64_t>(Coef, 1);
  std::sort(Factors.begin(), Factors.end());
  return {Coef, std::move(Factors)};
}

/// Whether two loops run over the same counter range: equal constant trip
/// counts, or the same symbolic one.
bool sameRange(const NestLoop &A, const NestLoop &B) {
  if (A.TripCount || B.TripCount)
    return A.TripCount == B.TripCount;
  return A.TripKey && A.TripKey == B.TripKey;
}

/// Whether, over one iteration of the loop at path position Pos, reference R
/// touches only elements reference Other touches (of the same array, one path
/// a prefix of the other; elementsWithin over the loops inside): A[r][t] and
/// A[s][t] in for t, for r < n, for s < n read one column of pages, not two.
bool readsWithin(const NestModel &Nest, const std::vector<isl::multi_aff> &Fns, int R,
                 int Other, int Pos, int64_t PageSize) {
  const NestRef &A = Nest.Refs[Other], &B = Nest.Refs[R];
  const std::vector<int> &Long = A.Path.size() > B.Path.size() ? A.Path : B.Path;
  const std::vector<int> &Short = A.Path.size() > B.Path.size() ? B.Path : A.Path;
  if (!analysable(A) || !analysable(B) || A.ArrayId != B.ArrayId || A.ElemSize != B.ElemSize ||
      !std::equal(Short.begin(), Short.end(), Long.begin()))
    return false;
  std::vector<int> Class(Long.size(), -1);
  for (size_t P = size_t(Pos) + 1; P < Long.size(); ++P)
    for (size_t Q = size_t(Pos) + 1; Q <= P; ++Q)
      if (sameRange(Nest.Loops[Long[Q]], Nest.Loops[Long[P]])) {
        Class[P] = int(Q);
        break;
      }
  // Within half a page of Other's elements: on its pages (TOCS A.3's rule).
  int64_t HalfPage = PageSize / (2 * std::max<int64_t>(B.ElemSize, 1));
  return elementsWithin(Fns[R], Fns[Other], Class, HalfPage);
}

enum class Fit { Yes, No, Unknown };

/// Localized iteration space (TOCS 3.1.3): innermost loops that fit, a loop
/// only when every loop inside it is localized. Loop numbering need not
/// follow the tree, so children are resolved first, by recursion.
void localizeLoops(const NestModel &Nest, const std::vector<Fit> &Fits,
                   const MachineParams &Params, int AssumeFitFromDepth,
                   NestLocality &Out) {
  std::vector<std::vector<int>> Children(Nest.Loops.size());
  for (size_t K = 0; K < Nest.Loops.size(); ++K)
    if (Nest.Loops[K].Parent >= 0)
      Children[Nest.Loops[K].Parent].push_back(int(K));
  std::vector<bool> Done(Nest.Loops.size(), false);
  auto Resolve = [&](auto &Self, int K) -> void {
    if (Done[K])
      return;
    Done[K] = true;
    LoopLocality &LL = Out.Loops[K];
    // Too many pages for the memory assumed at compile time, whatever the
    // unknown trips are; with run-time versions, the memory there decides
    // (a column walk whose column fits keeps its pages across columns).
    bool Versioned = Params.Unknown == UnknownTrip::Version;
    if (Fits[K] == Fit::No && !Versioned)
      return;
    bool ChildrenLocalized = true, ChildDepends = false, ChildNeedsMemory = false;
    for (int C : Children[K]) {
      Self(Self, C);
      ChildrenLocalized &= Out.Loops[C].Localized;
      // A child that is out for a known reason rules K out for that reason.
      if (!Out.Loops[C].Localized && !Out.Loops[C].decidedAtRunTime())
        return;
      ChildDepends |= Out.Loops[C].DependsOnUnknownTrip;
      ChildNeedsMemory |= Out.Loops[C].DependsOnMemory;
    }
    // With Small the decision also rests on the assumption: the flag says so
    // in every mode; Version is the mode in which the transform acts on it.
    LL.DependsOnUnknownTrip = Fits[K] == Fit::Unknown || ChildDepends;
    LL.DependsOnMemory = Fits[K] == Fit::No || ChildNeedsMemory;
    bool AssumeFit = Params.Unknown == UnknownTrip::Small ||
                     (AssumeFitFromDepth >= 0 &&
                      loopDepth(Nest, K) >= AssumeFitFromDepth);
    LL.Localized = ChildrenLocalized && (Fits[K] == Fit::Yes || AssumeFit);
  };
  for (size_t K = 0; K < Nest.Loops.size(); ++K)
    Resolve(Resolve, int(K));
}

/// Locality, predicates (TOCS 3.1.4), priorities (OSDI eq. 2) and hints of
/// each reference, once loops are localized and groups formed.
void describeReferences(const NestModel &Nest, const std::vector<RefReuse> &Reuse,
                        const MachineParams &Params, NestLocality &Out) {
  for (size_t R = 0; R < Nest.Refs.size(); ++R) {
    const NestRef &Ref = Nest.Refs[R];
    RefLocality &Loc = Out.Refs[R];
    const RefReuse &RR = Reuse[R];
    std::vector<PredicateTerm> PrefetchTerms, ReleaseTerms;
    for (size_t P = 0; P < Ref.Path.size(); ++P) {
      int L = Ref.Path[P];
      bool Localized = Out.Loops[L].Localized;
      if (Localized)
        Loc.LocalizedLoops.push_back(L);
      if (RR.Temporal[P]) {
        Loc.TemporalLoops.push_back(L);
        Loc.Priority += 1u << std::min(loopDepth(Nest, L), 31);
      }
      if (RR.Spatial[P])
        Loc.SpatialLoops.push_back(L);
      if (!Localized)
        continue;
      if (RR.Temporal[P]) {
        Loc.TemporalLocality.push_back(L);
        PrefetchTerms.push_back(PredicateTerm::first(L));
        ReleaseTerms.push_back(PredicateTerm::last(L));
      } else if (int64_t F = RR.Spatial[P]) {
        Loc.SpatialLocality.push_back(L);
        Loc.SpatialFactor.push_back(F);
        PrefetchTerms.push_back(PredicateTerm::mod(L, F, 0));
        ReleaseTerms.push_back(PredicateTerm::mod(L, F, F - 1));
      }
    }
    if (Ref.Indirect || Ref.LoadedBase) {
      // Indices unknown at compile time: always prefetch, never release
      // (reuse cannot be predicted; OSDI 3.2). A stream from a loaded start
      // is read once: released behind.
      Loc.PrefetchPredicate = Predicate::always();
      Loc.ReleasePredicate = Ref.LoadedBase ? Predicate::always() : Predicate::never();
      Loc.Priority = 0;
    } else {
      bool Leads = Loc.Role == GroupRole::Single || Loc.Role == GroupRole::Leader;
      bool Trails =
          Loc.Role == GroupRole::Single || Loc.Role == GroupRole::Trailer;
      Loc.PrefetchPredicate =
          Leads ? Predicate::allOf(PrefetchTerms) : Predicate::never();
      Loc.ReleasePredicate =
          Trails ? Predicate::allOf(ReleaseTerms) : Predicate::never();
    }
    // An array of at most a page stays resident (OSDI Fig. 5, c[]).
    bool Tiny = Ref.ArrayBytes && *Ref.ArrayBytes <= Params.PageSize;
    Loc.Hints = !Tiny && !(Loc.PrefetchPredicate.isFalse() &&
                           Loc.ReleasePredicate.isFalse());
  }
}

} // namespace

const char *groupRoleName(GroupRole R) {
  switch (R) {
  case GroupRole::Single:
    return "single";
  case GroupRole::Leader:
    return "leader";
  case GroupRole::Trailer:
    return "trailer";
  case GroupRole::Member:
    return "member";
  }
  return "single";
}

int64_t saturatedMul(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_mul_overflow(A, B, &R) ? Saturated : R;
}

std::string loopName(const NestModel &Nest, int Loop) {
  const std::string &Name = Nest.Loops[Loop].Name;
  return Name.empty() ? "loop" + std::to_string(Loop) : Name;
}

std::string parenthesized(const std::string &T) {
  bool Simple = T.find_first_of(" +-*/()") == std::string::npos;
  return Simple ? T : "(" + T + ")";
}

int loopDepth(const NestModel &Nest, int Loop) {
  int Depth = 0;
  for (int L = Nest.Loops[Loop].Parent; L >= 0; L = Nest.Loops[L].Parent)
    ++Depth;
  return Depth;
}

NestLocality analyzeNest(const NestModel &Nest, const MachineParams &Params,
                         int AssumeFitFromDepth) {
  NestLocality Out;
  Out.Loops.resize(Nest.Loops.size());
  Out.Refs.resize(Nest.Refs.size());

  // 1. Reuse of each reference along each loop on its path.
  // Each reference's affine function once (isl computes it from the relation:
  // the costly part of this analysis on nests of many references).
  std::vector<isl::multi_aff> Fns(Nest.Refs.size());
  std::vector<RefReuse> Reuse;
  for (size_t R = 0; R < Nest.Refs.size(); ++R) {
    const NestRef &Ref = Nest.Refs[R];
    RefLocality &Loc = Out.Refs[R];
    if (analysable(Ref)) {
      Fns[R] = affineAccess(Ref.Access);
      Loc.TemporalSpace = temporalReuseSpace(Ref.Access);
      Loc.SpatialSpace = spatialReuseSpace(Ref.Access);
    }
    Reuse.push_back(reuseAlongLoops(Ref, Fns[R], Loc, Params));
  }

  // 2. Pages touched by one iteration of each loop, and whether it fits.
  // Within one iteration of loop K only the loops inside K iterate, so the
  // groups for this count use reuse vectors in those loops only.
  const int64_t MemPages = Params.MemSize / std::max<int64_t>(Params.PageSize, 1);
  std::vector<Fit> Fits(Nest.Loops.size());
  for (size_t K = 0; K < Nest.Loops.size(); ++K) {
    std::vector<int> Under;
    for (size_t R = 0; R < Nest.Refs.size(); ++R)
      if (pathPosition(Nest.Refs[R], int(K)) >= 0)
        Under.push_back(int(R));
    auto InnerOfK = [&](const NestRef &Ref) {
      std::vector<int> Allowed;
      for (int P = pathPosition(Ref, int(K)) + 1; P < int(Ref.Path.size()); ++P)
        Allowed.push_back(P);
      return Allowed;
    };
    LoopLocality &LL = Out.Loops[K];
    PageCount Count;
    std::vector<Group> Groups = formGroups(Nest, Fns, Under, Params, InnerOfK);
    // A leader whose data another leader's holds (the first of equals counts).
    auto Within = [&](int R, int Pos) {
      return std::any_of(Groups.begin(), Groups.end(), [&](const Group &O) {
        int C = O.Leader;
        return C != R && readsWithin(Nest, Fns, R, C, Pos, Params.PageSize) &&
               (C < R || !readsWithin(Nest, Fns, C, R, Pos, Params.PageSize));
      });
    };
    for (const Group &G : Groups)
      for (int R : G.Members) {
        int Pos = pathPosition(Nest.Refs[R], int(K));
        // A member follows the leader's pages: 1 (TOCS 3.1.3); so does a
        // leader whose data another's holds.
        PageTerm Pages{1, {}};
        if (R == G.Leader && !Within(R, Pos))
          Pages = refPages(Nest, Nest.Refs[R], Reuse[R], Pos);
        Count.add(Pages.Factors, Pages.Coef);
        LL.RefPages.push_back({R, std::move(Pages)});
      }
    LL.PagesText = Count.text(Nest);
    if (Count.isConstant()) {
      LL.PagesPerIter = Count.lowerBound();
      Fits[K] = *LL.PagesPerIter <= MemPages ? Fit::Yes : Fit::No;
    } else {
      Fits[K] = Count.lowerBound() > MemPages ? Fit::No : Fit::Unknown;
    }
  }

  // 3. Localized iteration space.
  localizeLoops(Nest, Fits, Params, AssumeFitFromDepth, Out);

  // 4. Groups for locality: reuse vectors inside the localized space.
  std::vector<int> AllRefs(Nest.Refs.size());
  std::iota(AllRefs.begin(), AllRefs.end(), 0);
  auto LocalizedPositions = [&](const NestRef &Ref) {
    std::vector<int> Allowed;
    for (int P = 0; P < int(Ref.Path.size()); ++P)
      if (Out.Loops[Ref.Path[P]].Localized)
        Allowed.push_back(P);
    return Allowed;
  };
  std::vector<Group> Groups =
      formGroups(Nest, Fns, AllRefs, Params, LocalizedPositions);
  for (size_t G = 0; G < Groups.size(); ++G)
    for (int R : Groups[G].Members) {
      RefLocality &Loc = Out.Refs[R];
      Loc.Group = int(G);
      if (Groups[G].Members.size() == 1)
        Loc.Role = GroupRole::Single;
      else if (R == Groups[G].Leader)
        Loc.Role = GroupRole::Leader;
      else if (R == Groups[G].Trailer)
        Loc.Role = GroupRole::Trailer;
      else
        Loc.Role = GroupRole::Member;
    }

  // 5. Locality, predicates, priorities, hints.
  describeReferences(Nest, Reuse, Params, Out);
  return Out;
}

} // namespace outcore
