//===- AddRecChainTest.cpp - The add-recurrence walker --------------------===//

#include "AddRecChain.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <vector>

using namespace llvm;

namespace outcore {
namespace {

// void f(double *a, long n) {
//   for (long i = 0; i < n; ++i)
//     for (long j = 0; j < n; ++j)
//       a[i * n + j] = 0;
// }
// The address of the store: {{a,+,8n}<outer>,+,8}<inner>.
const char *const RowMajor = R"(
define void @f(ptr %a, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row = mul nsw i64 %i, %n
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %idx = add nsw i64 %row, %j
  %p = getelementptr inbounds double, ptr %a, i64 %idx
  store double 0.0, ptr %p
  %j.next = add nsw i64 %j, 1
  %j.more = icmp slt i64 %j.next, %n
  br i1 %j.more, label %inner, label %outer.latch
outer.latch:
  %i.next = add nsw i64 %i, 1
  %i.more = icmp slt i64 %i.next, %n
  br i1 %i.more, label %outer, label %exit
exit:
  ret void
}
)";

/// ScalarEvolution of @f in RowMajor, and the store's address.
class AddRecChainTest : public ::testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Err;
    M = parseAssemblyString(RowMajor, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    Function &F = *M->getFunction("f");
    TLI = std::make_unique<TargetLibraryInfo>(TLII);
    AC = std::make_unique<AssumptionCache>(F);
    DT = std::make_unique<DominatorTree>(F);
    LI = std::make_unique<LoopInfo>(*DT);
    SE = std::make_unique<ScalarEvolution>(F, *TLI, *AC, *DT, *LI);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *St = dyn_cast<StoreInst>(&I))
          Address = SE->getSCEV(St->getPointerOperand());
    Inner = LI->getLoopFor(&*std::next(F.begin(), 2));
    Outer = Inner->getParentLoop();
    ASSERT_TRUE(Address && Outer);
  }

  /// The loops the walk visits, from Within, visiting until StopAt.
  std::vector<const Loop *> visited(const Loop *Within, const Loop *StopAt,
                                    const SCEV *&Stopped) {
    std::vector<const Loop *> Loops;
    Stopped = walkAddRecChain(Address, Within, [&](const SCEVAddRecExpr *AR) {
      Loops.push_back(AR->getLoop());
      return AR->getLoop() != StopAt;
    });
    return Loops;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  TargetLibraryInfoImpl TLII;
  std::unique_ptr<TargetLibraryInfo> TLI;
  std::unique_ptr<AssumptionCache> AC;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  std::unique_ptr<ScalarEvolution> SE;
  const SCEV *Address = nullptr;
  const Loop *Inner = nullptr, *Outer = nullptr;
};

// The whole chain: innermost loop first, down to the base a.
TEST_F(AddRecChainTest, WalksInnermostFirstToTheBase) {
  const SCEV *Stopped = nullptr;
  EXPECT_EQ(visited(Outer, nullptr, Stopped), (std::vector<const Loop *>{Inner, Outer}));
  ASSERT_TRUE(isa<SCEVUnknown>(Stopped));
  EXPECT_EQ(cast<SCEVUnknown>(Stopped)->getValue()->getName(), "a");
  // Without a nest: every loop.
  EXPECT_EQ(visited(nullptr, nullptr, Stopped).size(), 2u);
  EXPECT_TRUE(isa<SCEVUnknown>(Stopped));
}

// Visit returning false stops at that recurrence, which the walk returns.
TEST_F(AddRecChainTest, StopsWhereVisitSays) {
  const SCEV *Stopped = nullptr;
  EXPECT_EQ(visited(Outer, Inner, Stopped), (std::vector<const Loop *>{Inner}));
  ASSERT_TRUE(isa<SCEVAddRecExpr>(Stopped));
  EXPECT_EQ(cast<SCEVAddRecExpr>(Stopped)->getLoop(), Inner);
}

// A recurrence of a loop outside Within is returned unvisited: the inner
// loop's start, the row {a,+,8n}<outer>.
TEST_F(AddRecChainTest, StopsAtLoopsOutsideTheNest) {
  const SCEV *Stopped = nullptr;
  EXPECT_EQ(visited(Inner, nullptr, Stopped), (std::vector<const Loop *>{Inner}));
  ASSERT_TRUE(isa<SCEVAddRecExpr>(Stopped));
  EXPECT_EQ(cast<SCEVAddRecExpr>(Stopped)->getLoop(), Outer);
  EXPECT_EQ(Stopped, cast<SCEVAddRecExpr>(Address)->getStart());
}

// A value that is no recurrence is its own base, nothing visited.
TEST_F(AddRecChainTest, InvariantIsItsOwnBase) {
  const SCEV *Base = cast<SCEVAddRecExpr>(cast<SCEVAddRecExpr>(Address)->getStart())->getStart();
  bool Visited = false;
  EXPECT_EQ(walkAddRecChain(Base, Outer, [&](const SCEVAddRecExpr *) { return Visited = true; }),
            Base);
  EXPECT_FALSE(Visited);
}

} // namespace
} // namespace outcore
