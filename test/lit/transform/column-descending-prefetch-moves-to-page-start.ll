; RUN: opt -load-pass-plugin=%outcore -passes='outcore<fault-latency=100000;prefetch-overhead=10000>,verify' -S %s | FileCheck %s
;
; A column walk from the last column down. In the version that keeps a page of
; every row for the 512 columns it holds, a row's page is prefetched at the
; first of those columns (j counted from the loop's start: the page's highest
; column) and the runtime takes the hint as [address, address + page): the
; address moves down to the page's lowest column, 511 columns (4088 bytes)
; below, or the prefetch would cover the page just left instead of the next.
; The release, at the page's lowest column, keeps its address.
; CHECK-LABEL: define dso_local void @column_sums_descending(
; CHECK:         %oc.page.first = icmp eq i64 %oc.rem, 0
; CHECK:         [[PROPAGE:%.*]] = getelementptr i8, ptr %{{.*}}, i64 -4088
; CHECK-NEXT:    br i1 %oc.page.first, label %[[PROPF:.*]], label %{{.*}}
; CHECK:       [[PROPF]]:
; CHECK-NEXT:    call void @oc_prefetch_block(ptr [[PROPAGE]], i64 1, i32 0, i32 [[TAG:%oc.tag[0-9]+]])
; CHECK:       oc.strip{{[0-9]+}}:
; CHECK:         %oc.pf.page = getelementptr i8, ptr [[PFADDR:%oc.addr[0-9]+]], i64 -4088
; CHECK-NOT:     oc.rel.page
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.pf.page, ptr %oc.addr{{[0-9]+}}, i64 1, i32 0, i32 [[TAG]])
;
; void column_sums_descending(long rows, long cols, const double a[restrict rows][cols],
;                             double *restrict colsum) {
;   for (long j = cols - 1; j >= 0; j--) {
;     double s = 0.0;
;     for (long i = 0; i < rows; i++)
;       s += a[i][j];
;     colsum[j] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @column_sums_descending(i64 noundef %rows, i64 noundef %cols, ptr noalias noundef %a, ptr noalias noundef %colsum) #0 {
entry:
  %j.04 = add nsw i64 %cols, -1
  %cmp5 = icmp sgt i64 %cols, 0
  br i1 %cmp5, label %for.cond1.preheader.lr.ph, label %for.end7

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %j.06 = phi i64 [ %j.04, %for.cond1.preheader.lr.ph ], [ %j.0, %for.end ]
  %cmp21 = icmp slt i64 0, %rows
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %0 = mul nsw i64 %i.03, %cols
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx4 = getelementptr inbounds double, ptr %arrayidx, i64 %j.06
  %1 = load double, ptr %arrayidx4, align 8
  %add = fadd double %s.02, %1
  %inc = add nuw nsw i64 %i.03, 1
  %cmp2 = icmp slt i64 %inc, %rows
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %add, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx5 = getelementptr inbounds double, ptr %colsum, i64 %j.06
  store double %s.0.lcssa, ptr %arrayidx5, align 8
  %j.0 = add nsw i64 %j.06, -1
  %cmp = icmp sgt i64 %j.06, 0
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end7_crit_edge, !llvm.loop !8

for.cond.for.end7_crit_edge:                      ; preds = %for.end
  br label %for.end7

for.end7:                                         ; preds = %for.cond.for.end7_crit_edge, %entry
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
!8 = distinct !{!8, !7}
