; RUN: opt -load-pass-plugin=%outcore -passes='outcore<unknown-trip=version>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<unknown-trip=large>,verify' -S %s | FileCheck %s --check-prefix=LARGE
;
; Before the nest: the footprint of its references from n and m (8m bytes
; per row of a times n - 1, a row of a and of b, c read and written, a
; page per array for an unaligned start; m is positive wherever a row is
; read, so no |m|), one load of the runtime's limit (oc_memory_limit_now,
; no call, never below the runtime's 16 KiB floor: its range), and the choice, weighted towards the original
; nest (the clone, .oc.orig), which has no hints and stays in @matvec with no
; call in it; the hinted side is moved to @matvec.outcore.hinted.0 (noinline),
; called on the unlikely branch. Then the
; versions for the decisions that rest on n and m (the default
; -outcore-unknown-trip=version): i localized when the pages of one row fit
; (.oc.local), and in each hinted version the pipeline loop moved from j out
; to i when a row of a is shorter than a block (8m < 16384, .oc.outward),
; where the rows of a are one stream, a block of rows per strip at run time.
; CHECK:       @oc_memory_limit_now = external global i64
; CHECK-LABEL: define dso_local void @matvec(
; CHECK:       for.cond1.preheader.lr.ph:
; CHECK:         [[COL:%.*]] = shl i64 %n, 3
; CHECK-NEXT:    [[COL1:%.*]] = add i64 [[COL]], 8
; CHECK-NEXT:    [[A:%.*]] = mul i64 %m, [[COL1]]
; CHECK-NEXT:    [[AC:%.*]] = add i64 [[A]], [[COL]]
; CHECK-NEXT:    [[FP:%.*]] = add i64 [[AC]], 12288
; CHECK-NEXT:    %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 [[FP]], %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %[[ORIG:.*]], label %[[HINTED:[^,]*]], !prof [[LIKELY:![0-9]+]]
; CHECK:       [[ORIG]]:
; CHECK-NOT:     call {{.*}}@{{oc_|matvec}}
; CHECK:       [[HINTED]]:
; CHECK-NEXT:    call void @matvec.outcore.hinted.0(
; CHECK-NOT:     call {{.*}}@oc_
; CHECK:         ret void
; CHECK:       declare void @oc_prefetch_block(ptr nocapture, i64, i32, i32) [[ATTR:#[0-9]+]]
; CHECK:       define internal void @matvec.outcore.hinted.0({{.*}}) [[HINTED_ATTR:#[0-9]+]]
; CHECK:         %oc.limit2 = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
; CHECK:         %oc.fits3 = icmp ule i64 %{{.*}}, %oc.limit2
; CHECK-NEXT:    br i1 %oc.fits3, label %[[LOCAL:.*\.oc\.local]], label %[[NOTLOCAL:.*]]
; CHECK:       [[LOCAL]]:
; CHECK:         %oc.short.rows{{[0-9]+}} = icmp ult i64 %{{.*}}, 16384
; CHECK:       for.cond1.preheader.oc.local.oc.ph.oc.outward:
; CHECK:       for.body3.lr.ph.oc.local:
; CHECK:       [[NOTLOCAL]]:
; CHECK:         %oc.short.rows = icmp ult i64 %{{.*}}, 16384
; CHECK-NEXT:    br i1 %oc.short.rows, label %[[OUTWARD:.*\.oc\.outward]], label %[[INNER:.*]]
; CHECK:       [[OUTWARD]]:
; CHECK:         %oc.rows = icmp ule i64 %{{.*}}, 16383
; CHECK:         %oc.strip.its = call i64 @llvm.umax.i64(
; CHECK:         call void @oc_prefetch_block(ptr %{{[^,]+}}, i64 %oc.pf{{[0-9]*}}, i32 0, i32 %oc.tag1)
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr{{[0-9]*}}, i64 %oc.pages{{[0-9]*}}, i32 2, i32 %oc.tag2)
; CHECK:       oc.strip:
; CHECK:       [[INNER]]:
; CHECK:       for.body3.lr.ph:
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr{{[0-9]+}}, i64 %oc.pages{{[0-9]+}}, i32 0, i32 %oc.tag3)
; CHECK:       oc.strip{{[0-9]+}}:
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:         call void @oc_release_block(
; CHECK:         call void @oc_release_block(
; CHECK:       ret void
; CHECK:       attributes [[ATTR]] = { nocallback nounwind willreturn memory(inaccessiblemem: readwrite) }
; CHECK:       attributes [[HINTED_ATTR]] = { noinline {{.*}}"outcore-hinted"{{.*}} }
;
; With unknown-trip=large: only the original and one hinted version.
; LARGE:         load atomic i64, ptr @oc_memory_limit_now
; LARGE-NOT:     @oc_memory_limit_now
; LARGE-NOT:     short.rows
; LARGE:         ret void
;
; // Run-time versioning (DESIGN.md, oc_memory_limit): MATVEC with sizes known
; // only at run time. The footprint of the hinted references a and b over the
; // whole nest is computed before the nest from n and m; the original nest runs
; // when it fits in oc_memory_limit_now, the hinted one otherwise.
; void matvec(long n, long m, double a[n][m], double *b, double *c) {
;   for (long i = 0; i < n; i++)
;     for (long j = 0; j < m; j++)
;       c[i] += a[i][j] * b[j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @matvec(i64 noundef %n, i64 noundef %m, ptr noundef %a, ptr noundef %b, ptr noundef %c) #0 {
entry:
  %cmp3 = icmp slt i64 0, %n
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.end9

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc7
  %i.04 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc8, %for.inc7 ]
  %cmp21 = icmp slt i64 0, %m
  br i1 %cmp21, label %for.body3.lr.ph, label %for.inc7

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %j.02 = phi i64 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %0 = mul nsw i64 %i.04, %m
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx4 = getelementptr inbounds double, ptr %arrayidx, i64 %j.02
  %1 = load double, ptr %arrayidx4, align 8
  %arrayidx5 = getelementptr inbounds double, ptr %b, i64 %j.02
  %2 = load double, ptr %arrayidx5, align 8
  %arrayidx6 = getelementptr inbounds double, ptr %c, i64 %i.04
  %3 = load double, ptr %arrayidx6, align 8
  %4 = call double @llvm.fmuladd.f64(double %1, double %2, double %3)
  store double %4, ptr %arrayidx6, align 8
  %inc = add nuw nsw i64 %j.02, 1
  %cmp2 = icmp slt i64 %inc, %m
  br i1 %cmp2, label %for.body3, label %for.cond1.for.inc7_crit_edge, !llvm.loop !6

for.cond1.for.inc7_crit_edge:                     ; preds = %for.body3
  br label %for.inc7

for.inc7:                                         ; preds = %for.cond1.for.inc7_crit_edge, %for.cond1.preheader
  %inc8 = add nuw nsw i64 %i.04, 1
  %cmp = icmp slt i64 %inc8, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end9_crit_edge, !llvm.loop !8

for.cond.for.end9_crit_edge:                      ; preds = %for.inc7
  br label %for.end9

for.end9:                                         ; preds = %for.cond.for.end9_crit_edge, %entry
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!8 = distinct !{!8, !7}
; CHECK: [[LIMIT_RANGE]] = !{i64 16384, i64 0}
; CHECK: [[LIKELY]] = !{!"branch_weights", i32 {{[0-9]+}}, i32 1}
