; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; The footprint: key and rank span 4n bytes each (plus an element and a
; page per array); key2, of unknown size, is bounded by a page per iteration and
; by that dense data (umin); the original nest runs when it all fits in
; oc_memory_limit(). The hinted version:
; key and rank in blocks 8192 iterations ahead, key2[rank[i + 10]] per
; iteration with the index clamped to n - 1.
; CHECK-LABEL: define dso_local void @bucket_copy(
; CHECK:         [[DENSE0:%.*]] = shl i64 %n, 3
; CHECK-NEXT:    [[DENSE:%.*]] = add i64 [[DENSE0]], 8192
; CHECK-NEXT:    [[PAGES0:%.*]] = shl i64 %n, 12
; CHECK-NEXT:    [[PAGES:%.*]] = add nuw nsw i64 [[PAGES0]], 4
; CHECK-NEXT:    [[KEY2:%.*]] = call i64 @llvm.umin.i64(i64 [[DENSE]], i64 [[PAGES]])
; CHECK-NEXT:    [[FP0:%.*]] = add i64 [[KEY2]], [[DENSE0]]
; CHECK-NEXT:    [[FP:%.*]] = add i64 [[FP0]], 8192
; CHECK-NEXT:    %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 [[FP]], %oc.limit
; CHECK:       for.body.oc.orig:
; CHECK-NOT:     call void @oc_
; CHECK:         call void @bucket_copy.outcore.hinted.0(
; CHECK-LABEL: define internal void @bucket_copy.outcore.hinted.0(
; CHECK:       for.body.oc.ph:
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr, i64 %oc.pages, i32 0, i32 %oc.tag1)
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr2, i64 %oc.pages3, i32 0, i32 %oc.tag2)
; CHECK:         %oc.tc.last = sub i64 %oc.tc, 1
; The prolog: key2[rank[k]] of the first 10 iterations (k < tc).
; CHECK:         %oc.prolog.end = call i64 @llvm.umin.i64(i64 10, i64 %oc.tc)
; CHECK:       oc.prolog:
; CHECK-NEXT:    %oc.k = phi i64 [ 0, %for.body.oc.ph ], [ %oc.k.next, %oc.prolog ]
; CHECK-NEXT:    %oc.k.next = add i64 %oc.k, 1
; CHECK-NEXT:    [[PMORE:%.*]] = icmp ult i64 %oc.k.next, %oc.prolog.end
; CHECK-NEXT:    [[POFF:%.*]] = mul i64 %oc.k, 4
; CHECK-NEXT:    [[PADDR:%.*]] = getelementptr i8, ptr %rank, i64 [[POFF]]
; CHECK-NEXT:    [[PIND:%.*]] = load i32, ptr [[PADDR]], align 4
; CHECK:         call void @oc_prefetch(ptr
; CHECK-NEXT:    br i1 [[PMORE]], label %oc.prolog, label %oc.prolog.exit
; CHECK:       oc.strip:
; CHECK:         %oc.pf.it = add i64 %oc.s, 8192
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:       for.body:
; CHECK:         [[AHEAD:%.*]] = add i64 %oc.c, 10
; CHECK-NEXT:    %oc.ind.it = call i64 @llvm.umin.i64(i64 [[AHEAD]], i64 %oc.tc.last)
; CHECK-NEXT:    [[OFF:%.*]] = mul i64 %oc.ind.it, 4
; CHECK-NEXT:    [[RADDR:%.*]] = getelementptr i8, ptr %rank, i64 [[OFF]]
; CHECK-NEXT:    %oc.ind = load i32, ptr [[RADDR]], align 4
; CHECK-NEXT:    [[IDX:%.*]] = sext i32 %oc.ind to i64
; CHECK-NEXT:    [[BYTES:%.*]] = shl nsw i64 [[IDX]], 2
; CHECK-NEXT:    [[KADDR:%.*]] = getelementptr i8, ptr %key2, i64 [[BYTES]]
; CHECK-NEXT:    call void @oc_prefetch(ptr [[KADDR]])
; CHECK:         store i32 {{.*}}, ptr %arrayidx2
; REMARK:      Name: Prefetched
; REMARK:        - Array: key
; REMARK:      Name: Prefetched
; REMARK:        - Array: rank
; REMARK:      Name: Prefetched
; REMARK:        - Array: key2
; REMARK:        - Distance: '10'
;
; // BUK (TOCS Fig. 17, benchmarks/kernels/buk.c): the indirect copy
; // key2[rank[i]] = key[i]. key and rank stream in blocks; key2 is prefetched
; // one element per iteration, 10 iterations ahead, with rank[i + 10] read
; // from a block the dense prefetch fetched a strip earlier.
; void bucket_copy(long n, const int *restrict key, const int *restrict rank,
;                  int *restrict key2) {
;   for (long i = 0; i < n; i++)
;     key2[rank[i]] = key[i];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @bucket_copy(i64 noundef %n, ptr noalias noundef %key, ptr noalias noundef %rank, ptr noalias noundef %key2) #0 {
entry:
  %cmp1 = icmp slt i64 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %key, i64 %i.02
  %0 = load i32, ptr %arrayidx, align 4
  %arrayidx1 = getelementptr inbounds i32, ptr %rank, i64 %i.02
  %1 = load i32, ptr %arrayidx1, align 4
  %idxprom = sext i32 %1 to i64
  %arrayidx2 = getelementptr inbounds i32, ptr %key2, i64 %idxprom
  store i32 %0, ptr %arrayidx2, align 4
  %inc = add nuw nsw i64 %i.02, 1
  %cmp = icmp slt i64 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
