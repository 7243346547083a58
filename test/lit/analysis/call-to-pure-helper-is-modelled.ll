; RUN: opt -load-pass-plugin=%outcore -passes='default<O1>' -pass-remarks=outcore -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s
;
; In clang's pipeline the pass sees callees' inferred attributes: element
; reads and writes no memory (its locals only), so the loop that calls it is
; modelled and a gets hints, where before inlining nothing said so.
; CHECK-NOT: loop calls 'element'
; CHECK:     remark: <unknown>:0:0: prefetch of a with tag {{[0-9]+}}
; CHECK-NOT: loop calls 'element'
;
; static double element(long i, long j) { return (double)((i * 3 + j * 5) % 17); }
;
; void fill(long n, long m, double a[n][m]) {
;   for (long i = 0; i < n; i++)
;     for (long j = 0; j < m; j++)
;       a[i][j] = element(i, j);
; }

; ModuleID = 'pure.c'

; Function Attrs: nounwind uwtable
define dso_local void @fill(i64 noundef %n, i64 noundef %m, ptr noundef %a) #0 {
entry:
  %n.addr = alloca i64, align 8
  %m.addr = alloca i64, align 8
  %a.addr = alloca ptr, align 8
  %i = alloca i64, align 8
  %cleanup.dest.slot = alloca i32, align 4
  %j = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8, !tbaa !5
  store i64 %m, ptr %m.addr, align 8, !tbaa !5
  store ptr %a, ptr %a.addr, align 8, !tbaa !9
  %0 = load i64, ptr %n.addr, align 8, !tbaa !5
  %1 = load i64, ptr %m.addr, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #2
  store i64 0, ptr %i, align 8, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc6, %entry
  %2 = load i64, ptr %i, align 8, !tbaa !5
  %3 = load i64, ptr %n.addr, align 8, !tbaa !5
  %cmp = icmp slt i64 %2, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #2
  br label %for.end8

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 8, ptr %j) #2
  store i64 0, ptr %j, align 8, !tbaa !5
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %4 = load i64, ptr %j, align 8, !tbaa !5
  %5 = load i64, ptr %m.addr, align 8, !tbaa !5
  %cmp2 = icmp slt i64 %4, %5
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond1
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %j) #2
  br label %for.end

for.body4:                                        ; preds = %for.cond1
  %6 = load i64, ptr %i, align 8, !tbaa !5
  %7 = load i64, ptr %j, align 8, !tbaa !5
  %call = call double @element(i64 noundef %6, i64 noundef %7)
  %8 = load ptr, ptr %a.addr, align 8, !tbaa !9
  %9 = load i64, ptr %i, align 8, !tbaa !5
  %10 = mul nsw i64 %9, %1
  %arrayidx = getelementptr inbounds double, ptr %8, i64 %10
  %11 = load i64, ptr %j, align 8, !tbaa !5
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %11
  store double %call, ptr %arrayidx5, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body4
  %12 = load i64, ptr %j, align 8, !tbaa !5
  %inc = add nsw i64 %12, 1
  store i64 %inc, ptr %j, align 8, !tbaa !5
  br label %for.cond1, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup3
  br label %for.inc6

for.inc6:                                         ; preds = %for.end
  %13 = load i64, ptr %i, align 8, !tbaa !5
  %inc7 = add nsw i64 %13, 1
  store i64 %inc7, ptr %i, align 8, !tbaa !5
  br label %for.cond, !llvm.loop !16

for.end8:                                         ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal double @element(i64 noundef %i, i64 noundef %j) #0 {
entry:
  %i.addr = alloca i64, align 8
  %j.addr = alloca i64, align 8
  store i64 %i, ptr %i.addr, align 8, !tbaa !5
  store i64 %j, ptr %j.addr, align 8, !tbaa !5
  %0 = load i64, ptr %i.addr, align 8, !tbaa !5
  %mul = mul nsw i64 %0, 3
  %1 = load i64, ptr %j.addr, align 8, !tbaa !5
  %mul1 = mul nsw i64 %1, 5
  %add = add nsw i64 %mul, %mul1
  %rem = srem i64 %add, 17
  %conv = sitofp i64 %rem to double
  ret double %conv
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14, !15}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!"llvm.loop.unroll.disable"}
!16 = distinct !{!16, !14, !15}
