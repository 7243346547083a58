//===- Locality.cpp - The outcore-locality analysis and its printer -------===//

#include "Locality.h"

#include "polly/Support/GICHelper.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "outcore"

using namespace llvm;

namespace outcore {

AnalysisKey OutcoreLocalityAnalysis::Key;

LocalityInfo OutcoreLocalityAnalysis::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  LocalityInfo Info;
  Info.Machine = Machine ? *Machine : paramsFromCommandLine().Machine;
  FunctionNests Nests = buildFunctionNests(F, FAM);
  Info.Ctx = Nests.Ctx;
  Info.Missed = std::move(Nests.Missed);
  for (IRNest &Nest : Nests.Nests) {
    NestLocality L = analyzeNest(Nest.Model, Info.Machine);
    LLVM_DEBUG({
      dbgs() << "outcore: analysed a nest of " << Nest.Loops.size() << " loops, "
             << Nest.Model.Refs.size() << " refs; localized:";
      for (size_t K = 0; K < L.Loops.size(); ++K)
        if (L.Loops[K].Localized)
          dbgs() << " " << Nest.Model.Loops[K].Name;
      dbgs() << "\n";
    });
    Info.Nests.push_back({std::move(Nest), std::move(L)});
  }
  return Info;
}

namespace {

/// "3 + 2*i - n" for an affine function of named counters and parameters.
/// Falls back to isl's own notation when the function has integer divisions.
std::string affText(isl::aff Aff, const std::vector<std::string> &Counters) {
  isl_aff *A = Aff.get();
  if (isl_aff_dim(A, isl_dim_div) > 0)
    return polly::stringFromIslObj(Aff);
  std::string Out;
  auto Term = [&](isl_val *Coef, const std::string &Name) {
    long C = isl_val_get_num_si(Coef);
    isl_val_free(Coef);
    if (C == 0)
      return;
    std::string Mag = (C == 1 || C == -1) ? "" : std::to_string(std::abs(C)) + "*";
    if (Out.empty())
      Out = (C < 0 ? "-" : "") + Mag + Name;
    else
      Out += (C < 0 ? " - " : " + ") + Mag + Name;
  };
  for (unsigned I = 0; I < Counters.size(); ++I)
    Term(isl_aff_get_coefficient_val(A, isl_dim_in, I), Counters[I]);
  for (int P = 0; P < isl_aff_dim(A, isl_dim_param); ++P)
    Term(isl_aff_get_coefficient_val(A, isl_dim_param, P),
         isl_aff_get_dim_name(A, isl_dim_param, P));
  isl_val *CV = isl_aff_get_constant_val(A);
  long C = isl_val_get_num_si(CV);
  isl_val_free(CV);
  if (Out.empty())
    Out = std::to_string(C);
  else if (C != 0)
    Out += (C < 0 ? " - " : " + ") + std::to_string(std::abs(C));
  return Out;
}

} // namespace

std::string referenceText(const IRNest &Nest, const NestRef &Ref) {
  if (!Ref.Text.empty())
    return Ref.Text;
  std::vector<std::string> Names;
  isl::map Access = Ref.Access;
  if (Access.is_null() || !Access.is_single_valued())
    return Ref.Array + "[?]";
  // Express the access in source induction variables: c = (iv - First) * Step.
  std::string In, Out;
  for (size_t P = 0; P < Ref.Path.size(); ++P) {
    int L = Ref.Path[P];
    std::string V = "v" + std::to_string(P);
    In += (P ? ", " : "") + V;
    const auto &Source = Nest.Sources[L];
    std::string Counter = V;
    if (Source) { // c = iv - First, or First - iv for a descending loop
      std::string First = std::to_string(Source->First);
      Counter = Source->Step > 0 ? V + " - " + First : First + " - " + V;
    }
    Out += (P ? ", " : "") + Counter;
    Names.push_back(Nest.Model.Loops[L].Name);
  }
  isl::map ToCounters(Access.ctx(), "{ [" + In + "] -> [" + Out + "] }");
  Access = ToCounters.apply_range(Access);
  isl::pw_multi_aff PMA = isl::pw_multi_aff::from_map(Access);
  if (PMA.is_null() || PMA.n_piece().release() != 1)
    return Ref.Array + "[" + polly::stringFromIslObj(Ref.Access) + "]";
  // One piece with a restricted domain (a guarded access) is no multi_aff.
  isl::multi_aff MA = isl::manage(isl_pw_multi_aff_as_multi_aff(PMA.copy()));
  isl_size Dims = MA.is_null() ? -1 : isl_multi_aff_size(MA.get());
  if (Dims < 0)
    return Ref.Array + "[" + polly::stringFromIslObj(Ref.Access) + "]";
  std::string Text = Ref.Array;
  for (isl_size D = 0; D < Dims; ++D)
    Text += "[" + affText(MA.at(D), Names) + "]";
  return Text;
}

std::string depthList(const NestModel &Nest, const std::vector<int> &Loops) {
  if (Loops.empty())
    return "none";
  std::string Out;
  for (int L : Loops)
    Out += (Out.empty() ? "" : ",") + std::to_string(loopDepth(Nest, L));
  return Out;
}

void LocalityInfo::print(raw_ostream &OS, const Function &F) const {
  const MachineParams &M = Machine;
  static const char *UnknownNames[] = {"small", "large", "version"};
  OS << "Outcore locality for function '" << F.getName() << "': page "
     << M.PageSize << " B, memory " << M.MemSize << " B ("
     << M.MemSize / M.PageSize << " pages), unknown trip counts "
     << UnknownNames[int(M.Unknown)] << "\n";
  unsigned Index = 0;
  for (const AnalyzedNest &N : Nests) {
    const NestModel &Model = N.IR.Model;
    OS << "Nest " << Index++ << " ("
       << (N.IR.FromPolly ? "Polly SCoP" : "ScalarEvolution") << "), "
       << Model.Loops.size() << " loops, " << Model.Refs.size()
       << " references\n";
    if (!N.IR.Unsupported.empty())
      OS << "  left as it is: " << N.IR.Unsupported << "\n";
    for (size_t L = 0; L < Model.Loops.size(); ++L) {
      const NestLoop &Loop = Model.Loops[L];
      const LoopLocality &LL = N.Locality.Loops[L];
      OS << "  loop " << Loop.Name << ": depth " << loopDepth(Model, L)
         << ", trip " << Loop.TripText << ", " << Loop.FirstText << " .. "
         << Loop.LastText << ", pages/iteration " << LL.PagesText << ", "
         << (LL.Localized ? "localized" : "not localized")
         << (LL.DependsOnUnknownTrip ? " (unknown trip count)" : "")
         << (LL.DependsOnMemory ? " (memory at run time)" : "") << "\n";
    }
    for (size_t R = 0; R < Model.Refs.size(); ++R) {
      const NestRef &Ref = Model.Refs[R];
      const RefLocality &RL = N.Locality.Refs[R];
      OS << "  ref " << referenceText(N.IR, Ref) << " ("
         << (Ref.IsWrite ? "write" : "read") << ", " << Ref.ElemSize
         << " B elements)\n";
      if (Ref.Indirect) {
        OS << "    indirect: prefetched always, never released\n";
      } else if (Ref.LoadedBase) {
        OS << "    stream from a loaded start: prefetched ahead, released behind\n";
      } else {
        OS << "    temporal reuse space " << polly::stringFromIslObj(RL.TemporalSpace)
           << ", loops " << depthList(Model, RL.TemporalLoops) << "\n";
        OS << "    spatial reuse space " << polly::stringFromIslObj(RL.SpatialSpace)
           << ", loops " << depthList(Model, RL.SpatialLoops) << "\n";
      }
      OS << "    localized " << depthList(Model, RL.LocalizedLoops)
         << "; temporal locality " << depthList(Model, RL.TemporalLocality)
         << "; spatial locality " << depthList(Model, RL.SpatialLocality)
         << "\n";
      OS << "    group " << RL.Group << " " << groupRoleName(RL.Role)
         << "; prefetch when " << predicateText(Model, RL.PrefetchPredicate)
         << "; release when " << predicateText(Model, RL.ReleasePredicate)
         << "; priority " << RL.Priority << "; hints " << (RL.Hints ? "yes" : "none")
         << "\n";
    }
  }
  for (const MissedNest &Miss : Missed)
    OS << "Missed nest at loop '" << Miss.Outermost->getHeader()->getName()
       << "': " << Miss.Reason << "\n";
}

PreservedAnalyses OutcoreLocalityPrinterPass::run(Function &F,
                                                  FunctionAnalysisManager &FAM) {
  std::optional<LocalityInfo> Own;
  OutcoreParams P = Params ? *Params : paramsFromCommandLine();
  localityFor(F, FAM, P.Machine, Own).print(OS, F);
  return PreservedAnalyses::all();
}

const LocalityInfo &localityFor(Function &F, FunctionAnalysisManager &FAM,
                                const MachineParams &Machine,
                                std::optional<LocalityInfo> &Own) {
  if (Machine == paramsFromCommandLine().Machine)
    return FAM.getResult<OutcoreLocalityAnalysis>(F);
  Own = OutcoreLocalityAnalysis(Machine).run(F, FAM);
  return *Own;
}

} // namespace outcore
