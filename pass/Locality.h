//===- Locality.h - The outcore-locality analysis and its printer ---------===//
//
// Runs the TOCS/OSDI locality analysis on every loop nest of a function and
// keeps the result: for each nest its IR, its NestModel and NestLocality;
// nests that could not be modelled, with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_LOCALITY_H
#define OUTCORE_LOCALITY_H

#include "LoopNestModel.h"
#include "Options.h"

#include "llvm/IR/PassManager.h"

namespace outcore {

struct AnalyzedNest {
  IRNest IR;
  NestLocality Locality;
};

class LocalityInfo {
public:
  MachineParams Machine; ///< what the analysis assumed
  /// Owns the isl objects below (declared first: destroyed last).
  std::shared_ptr<isl_ctx> Ctx;
  std::vector<AnalyzedNest> Nests;
  std::vector<MissedNest> Missed;

  void print(llvm::raw_ostream &OS, const llvm::Function &F) const;
};

/// Printable form of a reference in source terms: "B[j + 1][0]" (Ref.Text when
/// its builder named it). Derived only for printers and remarks: isl work that
/// a compile without them need not do.
std::string referenceText(const IRNest &Nest, const NestRef &Ref);

/// Depths (0 = outermost) of the given loops, "0,2" or "none".
std::string depthList(const NestModel &Nest, const std::vector<int> &Loops);

class OutcoreLocalityAnalysis
    : public llvm::AnalysisInfoMixin<OutcoreLocalityAnalysis> {
public:
  using Result = LocalityInfo;
  /// Without parameters the -outcore-* command-line values apply (read at
  /// run time, after the command line is parsed).
  explicit OutcoreLocalityAnalysis(std::optional<MachineParams> Machine = {})
      : Machine(std::move(Machine)) {}
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<OutcoreLocalityAnalysis>;
  static llvm::AnalysisKey Key;
  std::optional<MachineParams> Machine;
};

/// The analysis under Machine: FAM's (cached) result when the command line
/// assumes the same, whatever the schedule parameters (l_m, l_p, block
/// pages, which the analysis does not use); else one computed here and kept
/// in Own.
const LocalityInfo &localityFor(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                                const MachineParams &Machine,
                                std::optional<LocalityInfo> &Own);

/// print<outcore-locality>: the report for opt users and lit tests.
class OutcoreLocalityPrinterPass
    : public llvm::PassInfoMixin<OutcoreLocalityPrinterPass> {
public:
  OutcoreLocalityPrinterPass(llvm::raw_ostream &OS,
                             std::optional<OutcoreParams> Params)
      : OS(OS), Params(std::move(Params)) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
  std::optional<OutcoreParams> Params;
};

} // namespace outcore

#endif
