//===- Reuse.cpp - Reuse vector spaces over isl (TOCS Appendix A) ---------===//
//
// Temporal, spatial and group reuse of affine references, computed on isl
// objects only. Each access is first reduced to one affine function H i + c
// on an unrestricted domain: reuse is a property of the index functions, not
// of the loop bounds (A.1), so domain constraints are dropped.
//
// isl ownership: C++ wrappers own everything; raw isl_* calls take copies
// (copy()) and their results go straight back into wrappers (isl::manage).
//
//===----------------------------------------------------------------------===//

#include "Reuse.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace outcore {

namespace {

/// An isl size as a count; errors (already reported by isl) count as 0.
unsigned count(isl::size S) {
  isl_size V = S.release();
  return V < 0 ? 0 : unsigned(V);
}

/// V as an int64_t, or nullopt when it is not an integer that fits (isl
/// reports an error, fatal under Polly, when asked for one that does not).
std::optional<int64_t> integerValue(const isl::val &V) {
  if (V.is_null() || !V.is_int().is_true() ||
      isl_val_cmp_si(V.get(), std::numeric_limits<long>::max()) > 0 ||
      isl_val_cmp_si(V.get(), std::numeric_limits<long>::min()) < 0)
    return std::nullopt;
  return V.get_num_si();
}

unsigned inputDims(const isl::map &M) { return count(M.dim(isl::dim::in)); }

/// The set {0} in Z^n: "no reuse" for accesses we cannot analyse.
isl::set zeroVector(isl::ctx Ctx, unsigned N) {
  isl::set S = isl::set::universe(isl::space(Ctx, 0, N));
  for (unsigned P = 0; P < N; ++P)
    S = S.fix_si(isl::dim::set, P, 0);
  return S;
}

/// Drop the last output (zero H's last row, A.2); a 0-d access stays as is.
isl::multi_aff withoutLastIndex(const isl::multi_aff &F) {
  unsigned D = count(F.dim(isl::dim::out));
  if (D == 0)
    return F;
  return isl::manage(isl_multi_aff_drop_dims(F.copy(), isl_dim_out, D - 1, 1));
}

/// {y - x : FA(x) = FB(y)}: the iteration differences r such that B at x + r
/// touches what A touches at x. Parameters are projected out; they cancel
/// whenever the constants differ by a number (uniformly generated refs).
isl::set differences(const isl::multi_aff &FA, const isl::multi_aff &FB) {
  isl::map MA = FA.as_map(), MB = FB.as_map();
  return MA.apply_range(MB.reverse()).deltas().project_out_all_params()
      .reset_tuple_id();
}

/// Both affine functions in one parameter space, or nulls.
std::pair<isl::multi_aff, isl::multi_aff> alignedPair(isl::multi_aff FA, isl::multi_aff FB) {
  if (FA.is_null() || FB.is_null())
    return {};
  FA = isl::manage(isl_multi_aff_align_params(FA.copy(), FB.get_space().release()));
  FB = isl::manage(isl_multi_aff_align_params(FB.copy(), FA.get_space().release()));
  return {FA, FB};
}

/// The constant difference FA_k - FB_k of output K (uniformly generated refs).
std::optional<int64_t> constantDifference(const isl::multi_aff &FA,
                                          const isl::multi_aff &FB, unsigned K) {
  isl::aff Diff = FA.get_at(K).sub(FB.get_at(K));
  return integerValue(Diff.get_constant_val());
}

/// Sign of the nearest reuse distance in Solutions: components are taken
/// outermost first, each made zero if possible, else of the smallest
/// magnitude; the sign of the first non-zero one is returned (0: all zero).
/// Preferring zeros outside reads the reuse through the innermost loops, the
/// one that happens first (B[j][0] reuses B[j+1][0] one j iteration later,
/// not in another i iteration).
int nearestReuseSign(isl::set Solutions) {
  unsigned N = count(Solutions.tuple_dim());
  for (unsigned P = 0; P < N; ++P) {
    isl::set Zero = Solutions.fix_si(isl::dim::set, P, 0);
    if (!Zero.is_empty().is_true()) {
      Solutions = Zero;
      continue;
    }
    isl::set Pos = Solutions.lower_bound_si(isl::dim::set, P, 1);
    isl::set Neg = isl::manage(
        isl_set_upper_bound_si(Solutions.copy(), isl_dim_set, P, -1));
    if (Pos.is_empty().is_true())
      return -1;
    if (Neg.is_empty().is_true())
      return 1;
    const int64_t Far = std::numeric_limits<int64_t>::max();
    int64_t PosMin = integerValue(Pos.dim_min_val(P)).value_or(Far);
    int64_t NegMax = integerValue(Neg.dim_max_val(P)).value_or(-Far);
    return PosMin <= -NegMax ? 1 : -1;
  }
  return 0;
}

} // namespace

isl::set unitVector(isl::ctx Ctx, unsigned N, unsigned Pos) {
  isl::set S = isl::set::universe(isl::space(Ctx, 0, N));
  for (unsigned P = 0; P < N; ++P)
    S = S.fix_si(isl::dim::set, P, P == Pos ? 1 : 0);
  return S;
}

isl::multi_aff affineAccess(const isl::map &Access) {
  if (Access.is_null() || !Access.is_single_valued().is_true())
    return {};
  isl::pw_multi_aff PMA = isl::manage(isl_pw_multi_aff_from_map(Access.copy()));
  if (PMA.is_null())
    return {};
  // isl may split one function into pieces over the domain; accept the
  // relation when every piece is the same function.
  isl::multi_aff Fn;
  bool Single = true;
  PMA.foreach_piece([&](isl::set, isl::multi_aff Piece) {
    if (Fn.is_null())
      Fn = Piece;
    else if (!Fn.plain_is_equal(Piece).is_true())
      Single = false;
    return isl::stat::ok();
  });
  if (Fn.is_null() || !Single)
    return {};
  return Fn.reset_tuple_id(isl::dim::in).reset_tuple_id(isl::dim::out);
}

std::optional<int64_t> lastIndexStride(const isl::multi_aff &Fn, unsigned Pos) {
  if (Fn.is_null())
    return std::nullopt;
  unsigned D = count(Fn.dim(isl::dim::out));
  if (D == 0 || Pos >= count(Fn.dim(isl::dim::in)))
    return std::nullopt;
  isl::aff Last = Fn.get_at(D - 1);
  isl::val Coef =
      isl::manage(isl_aff_get_coefficient_val(Last.get(), isl_dim_in, Pos));
  return integerValue(Coef);
}

isl::set temporalReuseSpace(const isl::map &Access) {
  isl::multi_aff Fn = affineAccess(Access);
  if (Fn.is_null())
    return zeroVector(Access.ctx(), inputDims(Access));
  return differences(Fn, Fn);
}

isl::set spatialReuseSpace(const isl::map &Access) {
  isl::multi_aff Fn = affineAccess(Access);
  if (Fn.is_null())
    return zeroVector(Access.ctx(), inputDims(Access));
  isl::multi_aff Rows = withoutLastIndex(Fn);
  return differences(Rows, Rows);
}

bool uniformlyGenerated(const isl::multi_aff &A, const isl::multi_aff &B) {
  auto [FA, FB] = alignedPair(A, B);
  if (FA.is_null())
    return false;
  if (count(FA.dim(isl::dim::in)) != count(FB.dim(isl::dim::in)) ||
      count(FA.dim(isl::dim::out)) != count(FB.dim(isl::dim::out)))
    return false;
  // Same H and a numeric constant difference: FA_k - FB_k involves no loop
  // counter, no parameter and no floor division.
  for (unsigned K = 0, D = count(FA.dim(isl::dim::out)); K < D; ++K)
    if (!FA.get_at(K).sub(FB.get_at(K)).is_cst().is_true())
      return false;
  return true;
}

bool haveGroupReuse(const isl::multi_aff &A, const isl::multi_aff &B, int64_t ElemSize,
                    int64_t PageSize, const std::vector<int> &Allowed) {
  if (!uniformlyGenerated(A, B))
    return false;
  auto [FA, FB] = alignedPair(A, B);
  unsigned D = count(FA.dim(isl::dim::out));
  if (D == 0)
    return true; // the same scalar
  // Half-page rule: two references within half a page of each other probably
  // share the page. Written as 2|d|E < P to avoid rounding P / 2.
  std::optional<int64_t> Diff = constantDifference(FA, FB, D - 1);
  if (!Diff || *Diff <= -PageSize || *Diff >= PageSize ||
      2 * std::llabs(*Diff) * ElemSize >= PageSize)
    return false;
  // Eq. 3: exists r with H_S r = c_S,A - c_S,B, r zero outside Allowed.
  isl::set R = differences(withoutLastIndex(FA), withoutLastIndex(FB));
  unsigned N = count(R.tuple_dim());
  for (unsigned P = 0; P < N; ++P) {
    bool IsAllowed = false;
    for (int L : Allowed)
      IsAllowed |= L == int(P);
    if (!IsAllowed)
      R = R.fix_si(isl::dim::set, P, 0);
  }
  return !R.is_empty().is_true();
}

int compareLead(const isl::multi_aff &A, const isl::multi_aff &B) {
  if (!uniformlyGenerated(A, B))
    return 0;
  auto [FA, FB] = alignedPair(A, B);
  // r > 0 (lexicographically): B touches A's data r iterations later, so A
  // leads. Use the exact reuse (eq. 2) when there is one, else the row reuse.
  isl::set Exact = differences(FA, FB);
  if (!Exact.is_empty().is_true())
    if (int Sign = nearestReuseSign(Exact))
      return -Sign;
  isl::set Rows = differences(withoutLastIndex(FA), withoutLastIndex(FB));
  if (!Rows.is_empty().is_true())
    if (int Sign = nearestReuseSign(Rows))
      return -Sign;
  // Same row, elements on one page in the same iteration: the one further
  // along the direction the innermost moving loop walks the row reaches new
  // pages first.
  unsigned D = count(FA.dim(isl::dim::out));
  if (D == 0)
    return 0;
  int64_t LastDiff = constantDifference(FA, FB, D - 1).value_or(0);
  for (unsigned P = count(FA.dim(isl::dim::in)); P-- > 0;) {
    std::optional<int64_t> Stride = lastIndexStride(A, P);
    if (Stride && *Stride != 0) {
      int64_t Ahead = LastDiff * *Stride;
      return Ahead > 0 ? -1 : Ahead < 0 ? 1 : 0;
    }
  }
  return 0;
}

bool elementsWithin(const isl::multi_aff &B, const isl::multi_aff &A,
                    const std::vector<int> &Class, int64_t LastSlack) {
  auto Lift = [&](const isl::multi_aff &F) {
    unsigned In = count(F.dim(isl::dim::in));
    return In < Class.size()
               ? isl::manage(isl_multi_aff_add_dims(F.copy(), isl_dim_in, Class.size() - In))
               : F;
  };
  if (A.is_null() || B.is_null())
    return false;
  auto [FA, FB] = alignedPair(Lift(A), Lift(B));
  if (FA.is_null() || count(FA.dim(isl::dim::in)) != Class.size() ||
      count(FB.dim(isl::dim::in)) != Class.size() ||
      count(FA.dim(isl::dim::out)) != count(FB.dim(isl::dim::out)))
    return false;
  unsigned D = count(FA.dim(isl::dim::out));
  auto Matches = [&](const isl::multi_aff &Renamed) {
    for (unsigned K = 0; K + 1 < D; ++K)
      if (isl_aff_plain_is_zero(FB.get_at(K).sub(Renamed.get_at(K)).get()) != isl_bool_true)
        return false;
    if (D == 0)
      return true;
    isl::aff Last = FB.get_at(D - 1).sub(Renamed.get_at(D - 1));
    if (!Last.is_cst().is_true())
      return false;
    std::optional<int64_t> Offset = integerValue(Last.get_constant_val());
    return Offset && std::llabs(*Offset) < std::max<int64_t>(LastSlack, 1);
  };
  std::vector<int> Renamable;
  for (size_t P = 0; P < Class.size(); ++P)
    if (Class[P] >= 0)
      Renamable.push_back(int(P));
  if (Renamable.size() > 4)
    return false;
  isl::multi_aff Identity = isl::manage(isl_multi_aff_identity(
      isl_space_map_from_set(isl_space_domain(FA.get_space().release()))));
  // Choice[K]: which of Renamable A's counter Renamable[K] becomes, or
  // Renamable.size() for 0; every assignment, counted in that base.
  std::vector<int> Choice(Renamable.size(), 0);
  for (;;) {
    bool WithinClasses = true;
    isl::multi_aff Rename = Identity;
    for (size_t K = 0; K < Renamable.size() && WithinClasses; ++K) {
      int P = Renamable[K], C = Choice[K];
      if (C == int(Renamable.size())) {
        Rename = Rename.set_at(P, Identity.get_at(P).scale(isl::val::zero(FA.ctx())));
        continue;
      }
      WithinClasses = Class[P] == Class[Renamable[C]];
      Rename = Rename.set_at(P, Identity.get_at(Renamable[C]));
    }
    if (WithinClasses && Matches(FA.pullback(Rename)))
      return true;
    size_t K = 0;
    while (K < Choice.size() && ++Choice[K] > int(Renamable.size()))
      Choice[K++] = 0;
    if (K == Choice.size())
      return false;
  }
}

} // namespace outcore
