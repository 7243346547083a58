//===- Predicate.cpp - Prefetch and release predicates --------------------===//

#include "Predicate.h"

#include "LocalityModel.h"

#include <cstdlib>

namespace outcore {

Predicate Predicate::never() {
  Predicate P;
  P.Never = true;
  return P;
}

Predicate Predicate::allOf(const std::vector<PredicateTerm> &Terms) {
  Predicate P;
  for (const PredicateTerm &T : Terms)
    P.Clauses.push_back({T});
  return P;
}

Predicate Predicate::orLastIteration() const {
  Predicate P = *this;
  for (PredicateClause &C : P.Clauses) {
    bool EndsPage = false;
    for (const PredicateTerm &T : C)
      EndsPage |= T.TermKind == PredicateTerm::Kind::Mod && T.Residue == T.Factor - 1;
    if (EndsPage)
      C.push_back(PredicateTerm::last(C.front().Loop));
  }
  return P;
}

namespace {

std::string lastValueText(const NestLoop &L) {
  if (!L.LastText.empty())
    return L.LastText;
  if (L.TripCount && L.FirstText == "0")
    return std::to_string(*L.TripCount - 1);
  return "last(" + L.Name + ")";
}

/// "c mod F = CounterResidue" in source terms: with IV = First + Step * c it
/// is "(IV - First) mod (F * |Step|) = Step * CounterResidue" (residue taken
/// in [0, modulus)): "j mod 2 = 0", "(j - 1) mod 2 = 1", "j mod 8 = 6" for
/// j += 2.
std::string modText(const std::string &Name, const NestLoop &L, int64_t F,
                    int64_t CounterResidue) {
  int64_t Step = L.Step == 0 ? 1 : L.Step; // keep the modulus non-zero
  int64_t Modulus = saturatedMul(F, std::llabs(Step));
  int64_t Residue =
      (saturatedMul(Step, CounterResidue) % Modulus + Modulus) % Modulus;
  std::string Base = L.FirstText == "0" || L.FirstText.empty()
                         ? Name
                         : "(" + Name + " - " + parenthesized(L.FirstText) + ")";
  return Base + " mod " + std::to_string(Modulus) + " = " +
         std::to_string(Residue);
}

std::string termText(const NestModel &Nest, const PredicateTerm &T) {
  const NestLoop &L = Nest.Loops[T.Loop];
  std::string Name = loopName(Nest, T.Loop);
  switch (T.TermKind) {
  case PredicateTerm::Kind::First:
    return Name + " = " + L.FirstText;
  case PredicateTerm::Kind::Last:
    return Name + " = " + lastValueText(L);
  case PredicateTerm::Kind::Mod:
    return modText(Name, L, T.Factor, T.Residue);
  }
  return "";
}

} // namespace

std::string predicateText(const NestModel &Nest, const Predicate &P) {
  if (P.isFalse())
    return "false";
  if (P.isTrue())
    return "true";
  std::string Out;
  for (const PredicateClause &C : P.clauses()) {
    std::string Clause;
    for (const PredicateTerm &T : C)
      Clause += (Clause.empty() ? "" : " or ") + termText(Nest, T);
    if (C.size() > 1)
      Clause = "(" + Clause + ")";
    Out += (Out.empty() ? "" : " and ") + Clause;
  }
  return Out;
}

} // namespace outcore
