; RUN: opt -load-pass-plugin=%outcore -passes='outcore<fault-latency=100000;prefetch-overhead=10000>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<fault-latency=100000;prefetch-overhead=10000;unknown-trip=large>,verify' -S %s | FileCheck %s --check-prefix=LARGE
;
; TOCS 5.3: whether the j loop is localized (a page of every row kept for
; the 512 columns it holds) rests on rows, unknown at compile time. With
; -outcore-unknown-trip=version (the default) the nest gets three versions,
; chosen in this order: the original when the whole matrix fits
; (.oc.orig), the localized one when the pages of one column fit: a page
; per row (or the pages the matrix spans, if fewer: a short matrix) and
; colsum's page (.oc.local), else the one that releases each page after use.
; In the localized version the j predicates gate the hints, tested once per
; column: prefetch when j mod 512 = 0, release when j mod 512 = 511 or j is
; the last column; the other columns run a plain copy of the i loop
; (.oc.plain), so no predicate is tested inside it. A release there covers
; the page the column walk leaves, j mod 512 columns back from the column
; that releases it (oc.rel.back bytes): a row not aligned to a page would
; otherwise have its next page released, the one the next column reads.
; CHECK-LABEL: define dso_local void @column_sums(
; CHECK:         %oc.fits = icmp ule i64 %{{.*}}, %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %for.cond1.preheader.oc.ph.oc.orig, label %[[CALL:[^,]*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @column_sums.outcore.hinted.0(
; CHECK-LABEL: define internal void @column_sums.outcore.hinted.0(
; CHECK:       for.cond1.preheader.oc.ph:
; CHECK:         [[COLUMN:%.*]] = call i64 @llvm.umin.i64(i64 %rows, i64 %{{.*}})
; CHECK-NEXT:    [[BYTES:%.*]] = shl nuw i64 [[COLUMN]], 12
; CHECK-NEXT:    [[NEED:%.*]] = add i64 [[BYTES]], 4096
; CHECK-NEXT:    [[LIMIT:%.*]] = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
; CHECK-NEXT:    [[FITS:%.*]] = icmp ule i64 [[NEED]], [[LIMIT]]
; CHECK-NEXT:    br i1 [[FITS]], label %[[LOCAL:.*\.oc\.local]], label %[[EACH:.*]]
; CHECK:       [[LOCAL]]:
; CHECK:       for.inc.lr.ph.oc.local:
; CHECK-NEXT:    %oc.rem = urem i64 %j.05.oc.local, 512
; CHECK-NEXT:    %oc.page.first = icmp eq i64 %oc.rem, 0
; CHECK-NEXT:    %oc.page.last = icmp eq i64 %oc.rem, 511
; CHECK-NEXT:    [[ISLAST:%.*]] = icmp eq i64 %j.05.oc.local, %{{.*}}
; CHECK-NEXT:    [[RELGATE:%.*]] = or i1 %oc.page.last, [[ISLAST]]
; CHECK-NEXT:    %oc.rel.back = mul i64 %oc.rem, 8
; CHECK-NEXT:    [[ANY:%.*]] = or i1 %oc.page.first, [[RELGATE]]
; CHECK-NEXT:    %oc.no.hints = xor i1 [[ANY]], true
; CHECK-NEXT:    br i1 %oc.no.hints, label %[[PLAIN:.*\.oc\.plain]], label %[[HINTED:.*]]
; CHECK:       [[PLAIN]]:
; CHECK-NOT:     call void @oc_
; CHECK:       [[HINTED]]:
; CHECK:       oc.prolog{{[0-9]*}}:
; CHECK:         br i1 %oc.page.first, label %[[PROPF:.*]], label %{{.*}}
; CHECK:       [[PROPF]]:
; CHECK-NEXT:    call void @oc_prefetch_block(ptr %{{.*}}, i64 1, i32 0, i32 [[TAG:%oc.tag[0-9]+]])
; CHECK:       oc.strip{{[0-9]+}}:
; CHECK:         [[PFOK:%.*]] = and i1 %{{.*}}, %oc.page.first
; CHECK:         [[BACK:%.*]] = sub i64 0, %oc.rel.back
; CHECK-NEXT:    [[PAGE:%.*]] = getelementptr i8, ptr %{{.*}}, i64 [[BACK]]
; CHECK:         [[RELOK:%.*]] = and i1 %{{.*}}, [[RELGATE]]
; CHECK-NEXT:    br i1 [[PFOK]], label %[[PFOKB:.*]], label %{{.*}}
; CHECK:       [[PFOKB]]:
; CHECK-NEXT:    br i1 [[RELOK]], label %[[BOTH:.*]], label %{{.*}}
; CHECK:       [[BOTH]]:
; CHECK-NEXT:    call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr [[PAGE]], i64 1, i32 0, i32 [[TAG]])
; CHECK:       for.cond1.for.end_crit_edge.oc.local.loopexit:
; CHECK:         [[LASTBACK:%.*]] = sub i64 0, %oc.rel.back
; CHECK-NEXT:    [[LASTPAGE:%.*]] = getelementptr i8, ptr %{{.*}}, i64 [[LASTBACK]]
; CHECK:         [[LASTOK:%.*]] = and i1 %{{.*}}, [[RELGATE]]
; CHECK-NEXT:    [[LASTREL:%.*]] = select i1 [[LASTOK]], i64 1, i64 0
; CHECK-NEXT:    call void @oc_release_block(ptr [[LASTPAGE]], i64 [[LASTREL]], i32 0, i32 [[TAG]])
; The version for rows too large: every page released after its use.
; CHECK:       [[EACH]]:
; CHECK-NOT:     urem
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 1, i32 0, i32 [[TAG2:%oc.tag[0-9]+]])
; CHECK:         ret void
;
; With unknown-trip=large only the original and the releasing version.
; LARGE:         load atomic i64, ptr @oc_memory_limit_now
; LARGE-NOT:     @oc_memory_limit_now
; LARGE-NOT:     .oc.local
; LARGE-NOT:     urem
; LARGE:         ret void
;
; void column_sums(long rows, long cols, const double a[restrict rows][cols],
;                  double *restrict colsum) {
;   for (long j = 0; j < cols; j++) {
;     double s = 0.0;
;     for (long i = 0; i < rows; i++)
;       s += a[i][j];
;     colsum[j] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @column_sums(i64 noundef %rows, i64 noundef %cols, ptr noalias noundef %a, ptr noalias noundef %colsum) #0 {
entry:
  %cmp4 = icmp slt i64 0, %cols
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end8

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %j.05 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc7, %for.end ]
  %cmp21 = icmp slt i64 0, %rows
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %0 = mul nsw i64 %i.03, %cols
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx4 = getelementptr inbounds double, ptr %arrayidx, i64 %j.05
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
  %arrayidx5 = getelementptr inbounds double, ptr %colsum, i64 %j.05
  store double %s.0.lcssa, ptr %arrayidx5, align 8
  %inc7 = add nuw nsw i64 %j.05, 1
  %cmp = icmp slt i64 %inc7, %cols
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end8_crit_edge, !llvm.loop !8

for.cond.for.end8_crit_edge:                      ; preds = %for.end
  br label %for.end8

for.end8:                                         ; preds = %for.cond.for.end8_crit_edge, %entry
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
