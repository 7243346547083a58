//===- Reuse.h - Reuse vector spaces over isl (TOCS Appendix A) -----------===//
//
// Temporal, spatial and group reuse of one affine reference or a pair, on
// isl objects only (no NestModel, no IR). The locality of a whole nest
// (LocalityModel.h) is built from these.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_REUSE_H
#define OUTCORE_REUSE_H

#include "isl/isl-noexceptions.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace outcore {

//===----------------------------------------------------------------------===//
// Reuse vector spaces (TOCS Appendix A). Each space is a set of vectors r in
// Z^n (n = number of loops on the reference's path) given as an isl::set
// without parameters.
//===----------------------------------------------------------------------===//

/// The access as one affine function H i + c on an unrestricted domain, tuple
/// names dropped (constants may involve parameters). Null when the relation is
/// not a single affine function (not single-valued, or piecewise).
isl::multi_aff affineAccess(const isl::map &Access);

/// Coefficient of the loop at path position Pos in the last array index of the
/// access function Fn (affineAccess): the element stride of the fastest-varying
/// index along that loop. nullopt for a null (non-affine) or 0-d access.
std::optional<int64_t> lastIndexStride(const isl::multi_aff &Fn, unsigned Pos);

/// The unit vector e_Pos in Z^N: one iteration of the loop at path position
/// Pos, the others fixed.
isl::set unitVector(isl::ctx Ctx, unsigned N, unsigned Pos);

/// ker H: iteration differences along which the reference touches the same
/// element (A.1). Only the zero vector for a non-affine access.
isl::set temporalReuseSpace(const isl::map &Access);

/// ker H_S: H with its last row zeroed: the same row (A.2).
isl::set spatialReuseSpace(const isl::map &Access);

/// References whose index functions differ at most in the constant term
/// (Gannon et al.; A.3). Parametric constant terms must be equal or differ by a
/// constant. The pairwise tests take the references' access functions
/// (affineAccess, null when not affine): a nest compares each many times, and
/// computing one from its relation is the costly part.
bool uniformlyGenerated(const isl::multi_aff &A, const isl::multi_aff &B);

/// Group reuse between two uniformly generated references (eq. 3 and the
/// half-page rule): exists r with H_S r = c_S,A - c_S,B, r restricted to the
/// loops in Allowed (positions on the path), and |c_A,last - c_B,last| *
/// ElemSize < PageSize / 2.
bool haveGroupReuse(const isl::multi_aff &A, const isl::multi_aff &B, int64_t ElemSize,
                    int64_t PageSize, const std::vector<int> &Allowed);

/// Negative if A touches shared data before B (A leads B), positive if after,
/// zero if they touch it in the same iteration.
int compareLead(const isl::multi_aff &A, const isl::multi_aff &B);

/// Whether every element B touches is one A touches: B's index function is
/// A's once each of A's counters at a renamable position is renamed to a
/// counter of its range class or set to 0, its first value. Class[P] >= 0 for
/// a counter that runs over the same range as every counter of its class, -1
/// for one held fixed. A[r][t] and A[s][t] over r, s < n with t fixed touch
/// the same elements; A[k][i] is within A[k][i + j] over j, k. A function of
/// fewer counters than Class (a reference outside the innermost loops) does
/// not depend on the rest. At most 4 renamable positions are tried. With
/// LastSlack > 0, B's last index may differ from A's by a constant less than
/// LastSlack: within a page of A's elements (the half-page rule of group
/// reuse: A[k][i] is within A[k][i + 1 + j]'s pages).
bool elementsWithin(const isl::multi_aff &B, const isl::multi_aff &A,
                    const std::vector<int> &Class, int64_t LastSlack = 0);

} // namespace outcore

#endif
