// The Predicate type: emptiness, the printer of the report and the remarks,
// and the last-iteration term the transform releases with.
#include "LocalityModel.h"
#include "Predicate.h"

#include <gtest/gtest.h>

using namespace outcore;

namespace {

NestModel twoLoops() {
  NestModel Nest;
  NestLoop I;
  I.Name = "i";
  I.TripText = "n";
  I.LastText = "n - 1";
  NestLoop J;
  J.Parent = 0;
  J.Name = "j";
  J.FirstText = "1";
  J.LastText = "m";
  J.Step = 2;
  Nest.Loops = {I, J};
  return Nest;
}

TEST(PredicateTest, TrueAndFalse) {
  NestModel Nest = twoLoops();
  EXPECT_TRUE(Predicate::always().isTrue());
  EXPECT_FALSE(Predicate::always().isFalse());
  EXPECT_TRUE(Predicate::never().isFalse());
  EXPECT_TRUE(Predicate::allOf({}).isTrue());
  EXPECT_FALSE(Predicate::allOf({PredicateTerm::first(0)}).isFalse());
  EXPECT_EQ(predicateText(Nest, Predicate::always()), "true");
  EXPECT_EQ(predicateText(Nest, Predicate::never()), "false");
  EXPECT_TRUE(Predicate::never().clauses().empty());
}

TEST(PredicateTest, ConjunctionInSourceTerms) {
  NestModel Nest = twoLoops();
  Predicate Pf = Predicate::allOf({PredicateTerm::first(0), PredicateTerm::mod(1, 4, 0)});
  EXPECT_EQ(predicateText(Nest, Pf), "i = 0 and (j - 1) mod 8 = 0");
  Predicate Rel = Predicate::allOf({PredicateTerm::last(0), PredicateTerm::mod(1, 4, 3)});
  EXPECT_EQ(predicateText(Nest, Rel), "i = n - 1 and (j - 1) mod 8 = 6");
  EXPECT_EQ(Pf.clauses().size(), 2u);
  EXPECT_FALSE(Pf == Rel);
  EXPECT_TRUE(Pf == Predicate::allOf({PredicateTerm::first(0), PredicateTerm::mod(1, 4, 0)}));
}

TEST(PredicateTest, UnnamedLoopAndUnknownLast) {
  NestModel Nest;
  Nest.Loops.resize(1);
  Nest.Loops[0].TripCount = 10;
  EXPECT_EQ(predicateText(Nest, Predicate::allOf({PredicateTerm::last(0)})), "loop0 = 9");
  Nest.Loops[0].Name = "k";
  Nest.Loops[0].TripCount.reset();
  EXPECT_EQ(predicateText(Nest, Predicate::allOf({PredicateTerm::last(0)})), "k = last(k)");
}

TEST(PredicateTest, LastIterationEndsAPartialPage) {
  NestModel Nest = twoLoops();
  Predicate Rel = Predicate::allOf({PredicateTerm::last(0), PredicateTerm::mod(1, 4, 3)});
  Predicate Closing = Rel.orLastIteration();
  EXPECT_EQ(predicateText(Nest, Closing), "i = n - 1 and ((j - 1) mod 8 = 6 or j = m)");
  ASSERT_EQ(Closing.clauses().size(), 2u);
  EXPECT_EQ(Closing.clauses()[0].size(), 1u); // a first/last test is left as it is
  EXPECT_EQ(Closing.clauses()[1].back(), PredicateTerm::last(1));
  // Prefetch predicates (residue 0) and false gain nothing.
  Predicate Pf = Predicate::allOf({PredicateTerm::mod(1, 4, 0)});
  EXPECT_TRUE(Pf.orLastIteration() == Pf);
  EXPECT_TRUE(Predicate::never().orLastIteration().isFalse());
}

} // namespace
