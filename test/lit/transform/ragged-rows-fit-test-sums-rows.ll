; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; Each row's length is read by the outer loop (len[i]): the data has no bound
; before the nest, only a sum over the rows, which a loop before the fit test
; computes from len[i] again. It stops after 16 rows shorter than two pages on
; average and reports them as fitting: the original nest runs.
; CHECK: remark: {{.*}}prefetch of a with tag 1
; CHECK-LABEL: define dso_local double @ragged_sum(
; CHECK: oc.rows:
; CHECK: %oc.rows.read = load i64, ptr
; CHECK: %oc.rows.short = and i1
; CHECK: br i1 {{.*}}, label %oc.rows, label %oc.rows.exit
; CHECK: oc.rows.done:
; CHECK-NEXT: %oc.rows.bytes = phi i64 [ 0, {{.*}} ], [ {{.*}}, %oc.rows.exit ]
; CHECK: %oc.fits = icmp ule i64
; CHECK: call void @oc_prefetch_block(
;
; // Rows of their own lengths (an adjacency list, a vector of vectors walked to
; // each row's size()): no bound before the nest but a sum over the rows.
; double ragged_sum(long n, double **a, const long *len) {
;   double s = 0;
;   for (long i = 0; i < n; i++)
;     for (long j = 0; j < len[i]; j++)
;       s += a[i][j];
;   return s;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local double @ragged_sum(i64 noundef %n, ptr noundef %a, ptr noundef %len) #0 {
entry:
  %n.addr = alloca i64, align 8
  %a.addr = alloca ptr, align 8
  %len.addr = alloca ptr, align 8
  %s = alloca double, align 8
  %i = alloca i64, align 8
  %cleanup.dest.slot = alloca i32, align 4
  %j = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8, !tbaa !5
  store ptr %a, ptr %a.addr, align 8, !tbaa !9
  store ptr %len, ptr %len.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #2
  store double 0.000000e+00, ptr %s, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #2
  store i64 0, ptr %i, align 8, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc7, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !5
  %1 = load i64, ptr %n.addr, align 8, !tbaa !5
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #2
  br label %for.end9

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 8, ptr %j) #2
  store i64 0, ptr %j, align 8, !tbaa !5
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %2 = load i64, ptr %j, align 8, !tbaa !5
  %3 = load ptr, ptr %len.addr, align 8, !tbaa !9
  %4 = load i64, ptr %i, align 8, !tbaa !5
  %arrayidx = getelementptr inbounds i64, ptr %3, i64 %4
  %5 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %cmp2 = icmp slt i64 %2, %5
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond1
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %j) #2
  br label %for.end

for.body4:                                        ; preds = %for.cond1
  %6 = load ptr, ptr %a.addr, align 8, !tbaa !9
  %7 = load i64, ptr %i, align 8, !tbaa !5
  %arrayidx5 = getelementptr inbounds ptr, ptr %6, i64 %7
  %8 = load ptr, ptr %arrayidx5, align 8, !tbaa !9
  %9 = load i64, ptr %j, align 8, !tbaa !5
  %arrayidx6 = getelementptr inbounds double, ptr %8, i64 %9
  %10 = load double, ptr %arrayidx6, align 8, !tbaa !11
  %11 = load double, ptr %s, align 8, !tbaa !11
  %add = fadd double %11, %10
  store double %add, ptr %s, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body4
  %12 = load i64, ptr %j, align 8, !tbaa !5
  %inc = add nsw i64 %12, 1
  store i64 %inc, ptr %j, align 8, !tbaa !5
  br label %for.cond1, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup3
  br label %for.inc7

for.inc7:                                         ; preds = %for.end
  %13 = load i64, ptr %i, align 8, !tbaa !5
  %inc8 = add nsw i64 %13, 1
  store i64 %inc8, ptr %i, align 8, !tbaa !5
  br label %for.cond, !llvm.loop !15

for.end9:                                         ; preds = %for.cond.cleanup
  %14 = load double, ptr %s, align 8, !tbaa !11
  store i32 1, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #2
  ret double %14
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
