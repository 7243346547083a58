//===- Predicate.h - Prefetch and release predicates (TOCS 3.1.4) ---------===//
//
// When a reference's hints run, as tests on the canonical counters c = 0, 1,
// ... of the loops around it: the first iteration, the last iteration, or
// `c mod F = r` (the iteration that starts or ends a page). A predicate is a
// conjunction of clauses, each a disjunction of tests on one loop. The
// analysis produces it, one printer gives the report and the remarks their
// text, the schedule asks isFalse(), and the transform lowers it to IR.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_PREDICATE_H
#define OUTCORE_PREDICATE_H

#include <cstdint>
#include <string>
#include <vector>

namespace outcore {

struct NestModel;

/// One test on the counter c of loop Loop (NestModel numbering).
struct PredicateTerm {
  enum class Kind {
    First, ///< c = 0
    Last,  ///< c = the last value of c
    Mod,   ///< c mod Factor = Residue
  };
  Kind TermKind = Kind::First;
  int Loop = -1;
  int64_t Factor = 0, Residue = 0; ///< Mod only

  static PredicateTerm first(int Loop) { return {Kind::First, Loop}; }
  static PredicateTerm last(int Loop) { return {Kind::Last, Loop}; }
  static PredicateTerm mod(int Loop, int64_t Factor, int64_t Residue) {
    return {Kind::Mod, Loop, Factor, Residue};
  }
  bool operator==(const PredicateTerm &O) const {
    return TermKind == O.TermKind && Loop == O.Loop && Factor == O.Factor &&
           Residue == O.Residue;
  }
};

/// A disjunction of tests on one loop.
using PredicateClause = std::vector<PredicateTerm>;

class Predicate {
public:
  /// Always true: no clause.
  Predicate() = default;
  static Predicate always() { return Predicate(); }
  static Predicate never();
  /// The conjunction of Terms (always() when empty).
  static Predicate allOf(const std::vector<PredicateTerm> &Terms);

  bool isFalse() const { return Never; }
  bool isTrue() const { return !Never && Clauses.empty(); }
  /// The clauses of a predicate that is not false.
  const std::vector<PredicateClause> &clauses() const { return Clauses; }

  /// This predicate where each `c mod F = F - 1` also holds at the last
  /// iteration of its loop: the last iteration ends the page that a partial
  /// last group of F iterations leaves open. The transform releases with it;
  /// the report shows the predicate of the papers, without the extra term.
  Predicate orLastIteration() const;

  bool operator==(const Predicate &O) const {
    return Never == O.Never && Clauses == O.Clauses;
  }

private:
  bool Never = false;
  std::vector<PredicateClause> Clauses;
};

/// The text of the report and the remarks, in source terms: "true", "false",
/// "i = 0 and j mod 2 = 0", "(j - 1) mod 4 = 3", "(j mod 2 = 1 or j = n - 1)".
std::string predicateText(const NestModel &Nest, const Predicate &P);

} // namespace outcore

#endif
