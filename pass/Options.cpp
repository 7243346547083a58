//===- Options.cpp - Outcore compiler parameters --------------------------===//

#include "Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace outcore {
namespace {

Error paramError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<int64_t> parsePageSize(StringRef Text) {
  Expected<int64_t> V = parseByteCount(Text);
  if (V && !isPowerOf2_64(*V))
    return paramError("'" + Text + "' is not a power of two");
  return V;
}

Expected<int64_t> parseCycles(StringRef Text) {
  int64_t V;
  if (Text.trim().getAsInteger(10, V) || V < 0)
    return paramError("'" + Text + "' is not a non-negative number of cycles");
  return V;
}

Expected<int64_t> parseCount(StringRef Text) {
  int64_t V;
  if (Text.trim().getAsInteger(10, V) || V <= 0)
    return paramError("'" + Text + "' is not a positive number");
  return V;
}

/// A byte count, or 0 for "off".
Expected<int64_t> parseByteCountOrOff(StringRef Text) {
  if (Text.trim() == "0")
    return 0;
  return parseByteCount(Text);
}

using ValueParser = Expected<int64_t> (*)(StringRef);

/// A numeric option kept as text so that it is checked, with one error line
/// naming the option, when the command line is parsed.
struct CheckedOption {
  cl::opt<std::string> Text;
  ValueParser Parse;

  CheckedOption(const char *Name, const char *Default, const char *Desc,
                ValueParser Parse)
      : Text(StringRef(Name), cl::init(Default), cl::desc(Desc), cl::cat(category()),
             cl::callback([Name, Parse](const std::string &V) {
               if (Expected<int64_t> R = Parse(V); !R) {
                 errs() << "outcore: for the -" << Name << " option: "
                        << toString(R.takeError()) << "\n";
                 exit(1);
               }
             })),
        Parse(Parse) {}

  int64_t value() const { return cantFail(Parse(Text)); }

  static cl::OptionCategory &category() {
    static cl::OptionCategory Category("Outcore options");
    return Category;
  }
};

CheckedOption PageSize("outcore-page-size", "4096",
                       "Page size in bytes the analysis assumes (power of two)",
                       parsePageSize);

// Deliberately small (TOCS 3.1.3): underestimate memory at compile time and
// let the runtime filter what turns out to be unnecessary.
CheckedOption MemSize("outcore-mem-size", "64M",
                      "Bytes of memory the analysis may assume (K/M/G suffixes)",
                      parseByteCount);

CheckedOption FaultLatency("outcore-fault-latency", "300000",
                           "Page fault latency in cycles (l_m of TOCS eq. 1)",
                           parseCycles);

CheckedOption PrefetchOverhead("outcore-prefetch-overhead", "2000",
                               "Cycles one prefetch call costs (l_p of TOCS eq. 1)",
                               parseCycles);

CheckedOption BlockPages("outcore-block-pages", "4",
                         "Pages per block prefetch", parseCount);

CheckedOption SpillGlobalsMin(
    "outcore-spill-globals-min", "64M",
    "Smallest zero-initialised global array (bytes, K/M/G suffixes) moved into "
    "memory from oc_spill_alloc_global; 0 turns the rewrite off",
    parseByteCountOrOff);

cl::opt<UnknownTrip> UnknownTripOpt(
    "outcore-unknown-trip", cl::init(UnknownTrip::Version),
    cl::cat(CheckedOption::category()),
    cl::desc("What to assume for trip counts unknown at compile time"),
    cl::values(clEnumValN(UnknownTrip::Small, "small", "always localized"),
               clEnumValN(UnknownTrip::Large, "large", "never localized"),
               clEnumValN(UnknownTrip::Version, "version",
                          "versions chosen at run time from the actual trip counts")));

} // namespace

Expected<int64_t> parseByteCount(StringRef Text) {
  StringRef Digits = Text.trim();
  int64_t Scale = 1;
  if (!Digits.empty()) {
    switch (tolower(static_cast<unsigned char>(Digits.back()))) {
    case 'k': Scale = 1LL << 10; break;
    case 'm': Scale = 1LL << 20; break;
    case 'g': Scale = 1LL << 30; break;
    }
    if (Scale != 1)
      Digits = Digits.drop_back();
  }
  uint64_t Value;
  if (Digits.getAsInteger(10, Value) || Value == 0 ||
      Value > uint64_t(INT64_MAX) / Scale)
    return paramError("'" + Text + "' is not a positive byte count");
  return int64_t(Value) * Scale;
}

OutcoreParams paramsFromCommandLine() {
  OutcoreParams P;
  P.Machine.PageSize = PageSize.value();
  P.Machine.MemSize = MemSize.value();
  P.Machine.Unknown = UnknownTripOpt;
  P.FaultLatency = FaultLatency.value();
  P.PrefetchOverhead = PrefetchOverhead.value();
  P.BlockPages = BlockPages.value();
  return P;
}

int64_t spillGlobalsMinFromCommandLine() { return SpillGlobalsMin.value(); }

Expected<OutcoreParams> parsePassParams(StringRef Text) {
  OutcoreParams P = paramsFromCommandLine();
  struct NumericParam {
    const char *Key;
    ValueParser Parse;
    int64_t *Field;
  } Numeric[] = {
      {"page-size", parsePageSize, &P.Machine.PageSize},
      {"mem-size", parseByteCount, &P.Machine.MemSize},
      {"fault-latency", parseCycles, &P.FaultLatency},
      {"prefetch-overhead", parseCycles, &P.PrefetchOverhead},
      {"block-pages", parseCount, &P.BlockPages},
  };
  while (!Text.empty()) {
    StringRef Item;
    std::tie(Item, Text) = Text.split(';');
    StringRef Key, Value;
    std::tie(Key, Value) = Item.split('=');
    auto Fail = [&](const Twine &Why) {
      return paramError("outcore: pass parameter '" + Item + "': " + Why);
    };
    if (Key == "unknown-trip") {
      if (Value == "small")
        P.Machine.Unknown = UnknownTrip::Small;
      else if (Value == "large")
        P.Machine.Unknown = UnknownTrip::Large;
      else if (Value == "version")
        P.Machine.Unknown = UnknownTrip::Version;
      else
        return Fail("expected small, large or version");
      continue;
    }
    auto *Param = llvm::find_if(Numeric, [&](const NumericParam &N) {
      return Key == N.Key;
    });
    if (Param == std::end(Numeric))
      return Fail("unknown parameter (page-size, mem-size, fault-latency, "
                  "prefetch-overhead, block-pages, unknown-trip)");
    Expected<int64_t> V = Param->Parse(Value);
    if (!V)
      return Fail(toString(V.takeError()));
    *Param->Field = *V;
  }
  return P;
}

} // namespace outcore
