; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; The lambda's body calls llvm.fmuladd, an intrinsic that touches no memory: it
; is still an accessor, and the template's loop reads and writes arrays.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls '{{.*}}clEff', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}prefetch of x with tag 1
; CHECK: remark: {{.*}}prefetch of y with tag 2
; CHECK: remark: {{.*}}release of y with tag 2
; CHECK-LABEL: define internal void @"_Z5applyIZ5saxpyPfPKflfE3$_0EvS0_S2_lT_"(
; CHECK-NOT: call {{.*}}clEff(
; CHECK: call void @oc_prefetch_block(
;
; // std::transform's shape: a template loop that calls a lambda, whose body is an
; // arithmetic intrinsic (a * x + y contracts to llvm.fmuladd).
; template <class F> void apply(float *y, const float *x, long n, F f) {
;   for (long i = 0; i < n; i++)
;     y[i] = f(x[i], y[i]);
; }
;
; void saxpy(float *y, const float *x, long n, float a) {
;   apply(y, x, n, [a](float xi, float yi) { return a * xi + yi; });
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { float }

; Function Attrs: mustprogress uwtable
define dso_local void @_Z5saxpyPfPKflf(ptr noundef %y, ptr noundef %x, i64 noundef %n, float noundef %a) #0 {
entry:
  %y.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %a.addr = alloca float, align 4
  %agg.tmp = alloca %class.anon, align 4
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
  store float %a, ptr %a.addr, align 4, !tbaa !11
  %0 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %1 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %2 = load i64, ptr %n.addr, align 8, !tbaa !9
  %3 = getelementptr inbounds %class.anon, ptr %agg.tmp, i32 0, i32 0
  %4 = load float, ptr %a.addr, align 4, !tbaa !11
  store float %4, ptr %3, align 4, !tbaa !13
  %coerce.dive = getelementptr inbounds %class.anon, ptr %agg.tmp, i32 0, i32 0
  %5 = load float, ptr %coerce.dive, align 4
  call void @"_Z5applyIZ5saxpyPfPKflfE3$_0EvS0_S2_lT_"(ptr noundef %0, ptr noundef %1, i64 noundef %2, float %5)
  ret void
}

; Function Attrs: mustprogress uwtable
define internal void @"_Z5applyIZ5saxpyPfPKflfE3$_0EvS0_S2_lT_"(ptr noundef %y, ptr noundef %x, i64 noundef %n, float %f.coerce) #0 {
entry:
  %f = alloca %class.anon, align 4
  %y.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %i = alloca i64, align 8
  %coerce.dive = getelementptr inbounds %class.anon, ptr %f, i32 0, i32 0
  store float %f.coerce, ptr %coerce.dive, align 4
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  store i64 0, ptr %i, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !9
  %1 = load i64, ptr %n.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %3 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds float, ptr %2, i64 %3
  %4 = load float, ptr %arrayidx, align 4, !tbaa !11
  %5 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %6 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx1 = getelementptr inbounds float, ptr %5, i64 %6
  %7 = load float, ptr %arrayidx1, align 4, !tbaa !11
  %call = call noundef float @"_ZZ5saxpyPfPKflfENK3$_0clEff"(ptr noundef nonnull align 4 dereferenceable(4) %f, float noundef %4, float noundef %7)
  %8 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %9 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx2 = getelementptr inbounds float, ptr %8, i64 %9
  store float %call, ptr %arrayidx2, align 4, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %10, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: inlinehint mustprogress nounwind uwtable
define internal noundef float @"_ZZ5saxpyPfPKflfENK3$_0clEff"(ptr noundef nonnull align 4 dereferenceable(4) %this, float noundef %xi, float noundef %yi) #2 align 2 {
entry:
  %this.addr = alloca ptr, align 8
  %xi.addr = alloca float, align 4
  %yi.addr = alloca float, align 4
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  store float %xi, ptr %xi.addr, align 4, !tbaa !11
  store float %yi, ptr %yi.addr, align 4, !tbaa !11
  %this1 = load ptr, ptr %this.addr, align 8
  %0 = getelementptr inbounds %class.anon, ptr %this1, i32 0, i32 0
  %1 = load float, ptr %0, align 4, !tbaa !13
  %2 = load float, ptr %xi.addr, align 4, !tbaa !11
  %3 = load float, ptr %yi.addr, align 4, !tbaa !11
  %4 = call float @llvm.fmuladd.f32(float %1, float %2, float %3)
  ret float %4
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #3

attributes #0 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { inlinehint mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = !{!14, !12, i64 0}
!14 = !{!"_ZTSZ5saxpyPfPKflfE3$_0", !12, i64 0}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
